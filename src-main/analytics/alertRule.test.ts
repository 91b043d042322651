// The alert rule on hand-made press series: every expected begin and end below was worked out by hand from the
// text of DECISIONS.md "How alerts are raised" (the window, the begin, the end, two windows to continue, the
// present), press by press, written beside each case; none is computed by the code under test.
import { describe, expect, it } from 'vitest';
import { AlertRuleError, readAlertRule, sweepAlerts, type PressSeries } from './alertRule.ts';

const base = Date.parse('2024-03-05T09:00:00.000Z'); // 10:00 at +01:00
const at = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return base + ((h ?? 0) - 10) * 3_600_000 + (m ?? 0) * 60_000;
};
/** Presses as `[local hh:mm at +01:00, button]`, in the order given (ties keep it). */
function series(presses: [string, number][]): PressSeries {
  return {
    utc: Float64Array.from(presses.map(([t]) => at(t))),
    offsetMin: Int16Array.from(presses.map(() => 60)),
    button: Uint8Array.from(presses.map(([, b]) => b)),
  };
}
const span = (a: { beginUtc: number; endUtc: number | null }): [number, number | null] => [
  a.beginUtc,
  a.endUtc,
];
const far = at('23:59');

describe('negative (windowMin=60 threshold=60 countThreshold=3, four buttons)', () => {
  const rule = readAlertRule('negative', 'negative=true windowMin=60 threshold=60 countThreshold=3');
  const presses: [string, number][] = [
    ['10:00', 0], // n1 k1: fewer than 3
    ['10:10', 3], // n2 k1
    ['10:20', 0], // n3 k2: 66.7% ≥ 60 → begins 10:20 (responses 3, actual 66.7, negative 2)
    ['10:30', 1], // n4 k3
    // 11:00 the 10:00 press leaves: n3 k2 66.7% holds; 11:10 the 10:10 one leaves: n2 < 3 → ends 11:10
    ['12:00', 0], // (10:20 left 11:20, 10:30 left 11:30) n1
    ['12:05', 0], // n2
    ['12:08', 1], // n3 k3 100% holds: 58 min after the end, less than two windows → the first alert continues
    // 13:00 the 12:00 press leaves: n2 < 3 → ends 13:00
    ['15:00', 0],
    ['15:01', 0],
    ['15:02', 0], // n3 k3: 122 min after 13:00, two windows or more → a second alert begins 15:02
    // 16:00 the 15:00 press leaves: n2 → ends 16:00
  ];

  it('begins at the press that makes it hold, ends when a press leaves, continues within two windows', () => {
    const out = sweepAlerts(series(presses), rule, false, far);
    expect(out.map(span)).toEqual([
      [at('10:20'), at('13:00')],
      [at('15:02'), at('16:00')],
    ]);
    expect(out[0]).toMatchObject({ beginPress: 2, responses: 3, actual: 66.7, negativeResponses: 2 });
  });

  it('stays open at the present and sees nothing after it', () => {
    // Present 15:30: the second alert still holds (its first press leaves at 16:00).
    expect(sweepAlerts(series(presses), rule, false, at('15:30')).map(span)).toEqual([
      [at('10:20'), at('13:00')],
      [at('15:02'), null],
    ]);
    // Present 12:06: the 12:08 press has not happened; the first alert ended at 11:10.
    expect(sweepAlerts(series(presses), rule, false, at('12:06')).map(span)).toEqual([
      [at('10:20'), at('11:10')],
    ]);
  });

  it('a stricter threshold (70) begins later: 10:30 (75%), ends 11:00 (66.7%), continues at 12:08', () => {
    const strict = { ...rule, threshold: 70 };
    expect(sweepAlerts(series(presses), strict, false, far).map(span)).toEqual([
      [at('10:30'), at('13:00')],
      [at('15:02'), at('16:00')],
    ]);
  });

  it('judges the presses leaving at one instant together', () => {
    // 10:00 b0, 10:00 b3 (n2 k1 50%); 10:30 b0 (n3 k2 66.7%) → begins 10:30; 10:40 b1 (n4 k3); 10:45 b3 (n5 k3 60%).
    // 11:00 both 10:00 presses leave: after the b0 alone it would be 50% (false), after both n3 k2 66.7% holds;
    // 11:30 the 10:30 press leaves: n2 < 3 → ends 11:30.
    const s = series([
      ['10:00', 0],
      ['10:00', 3],
      ['10:30', 0],
      ['10:40', 1],
      ['10:45', 3],
    ]);
    expect(sweepAlerts(s, rule, false, far).map(span)).toEqual([[at('10:30'), at('11:30')]]);
  });
});

describe('feedbackCount and indexThreshold', () => {
  it('feedbackCount counts only the filtered buttons', () => {
    // responseFilter 0,1, countThreshold 2, window 30: 9:00 b0 (1), 9:10 b3 (not counted), 9:20 b1 (2) → begins
    // 9:20 with responses 2; 9:30 the 9:00 press leaves: 1 → ends 9:30.
    const rule = readAlertRule(
      'feedbackCount',
      'negative=true windowMin=30 responseFilter=0,1 countThreshold=2',
    );
    const out = sweepAlerts(
      series([
        ['09:00', 0],
        ['09:10', 3],
        ['09:20', 1],
      ]),
      rule,
      false,
      far,
    );
    expect(out.map(span)).toEqual([[at('09:20'), at('09:30')]]);
    expect(out[0]).toMatchObject({ responses: 2, actual: null, negativeResponses: null });
  });

  it('indexThreshold under, on NPS: only 9–10 are positive', () => {
    // threshold 35, minResponses 4, window 60: 10:00 b9, 10:05 b8, 10:10 b7, 10:15 b10 → n4, positive 2 (50%);
    // 10:20 b0 → n5 p2 (40%); 10:25 b5 → n6 p2 (33.3% < 35) → begins 10:25. 11:00 b9 leaves: n5 p1 (20%);
    // 11:05 b8 leaves: n4 p1 (25%); 11:10 b7 leaves: n3 < 4 → ends 11:10.
    const rule = readAlertRule(
      'indexThreshold',
      'negative=false windowMin=60 thresholdType=under threshold=35 minResponses=4',
    );
    const s = series([
      ['10:00', 9],
      ['10:05', 8],
      ['10:10', 7],
      ['10:15', 10],
      ['10:20', 0],
      ['10:25', 5],
    ]);
    const out = sweepAlerts(s, rule, true, far);
    expect(out.map(span)).toEqual([[at('10:25'), at('11:10')]]);
    expect(out[0]?.actual).toBe(33.3);
    // On a four-button scale 7–10 do not occur; read as faces, 8, 9, 10 and 7 would all be positive: never under.
    expect(sweepAlerts(s, rule, false, far)).toEqual([]);
  });

  it('indexThreshold over', () => {
    // over 80, minResponses 2: 10:00 b3 (n1), 10:01 b2 (n2, 100% > 80) → begins 10:01; 10:02 b0 (66.7%, but an
    // arriving press never ends it); 11:00 the b3 leaves: n2 p1 50% → ends 11:00.
    const rule = readAlertRule(
      'indexThreshold',
      'windowMin=60 thresholdType=over threshold=80 minResponses=2',
    );
    const s = series([
      ['10:00', 3],
      ['10:01', 2],
      ['10:02', 0],
    ]);
    expect(sweepAlerts(s, rule, false, far).map(span)).toEqual([[at('10:01'), at('11:00')]]);
  });
});

describe('reading a specification', () => {
  it('refuses what it cannot replay, in words', () => {
    expect(() => readAlertRule('THRESHOLD', 'windowMin=60')).toThrow(AlertRuleError);
    expect(() => readAlertRule('negative', 'threshold=60 countThreshold=3')).toThrow(/windowMin is missing/);
    expect(() => readAlertRule('negative', 'windowMin=sixty threshold=60')).toThrow(
      /windowMin=sixty is not a number/,
    );
    expect(() => readAlertRule('feedbackCount', 'windowMin=60 responseFilter=0,x countThreshold=2')).toThrow(
      /responseFilter/,
    );
  });
  it('takes countThreshold for an indexThreshold without minResponses', () => {
    expect(readAlertRule('indexThreshold', 'windowMin=60 threshold=35 countThreshold=6').countThreshold).toBe(
      6,
    );
  });
});

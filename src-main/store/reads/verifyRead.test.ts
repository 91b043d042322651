// The check's per-point fingerprints: summed by SQLite (pointPrints) they must equal the sums of pressPrint over the
// same presses, worked out here press by press from the presses as written, or every point of a real check would be
// counted the slow way; and they must tell apart presses that keep a point's count but moved.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '#emulator/world/prng.ts';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore } from '../db.ts';
import { testPress } from '../testing/testPress.ts';
import { pointPrints, pointsHoldingPresses, pressesInWindow, pressPrint } from './verifyRead.ts';

const press = (
  point: number,
  day: number,
  survey: number,
  button: number,
  misuse: boolean,
): ButtonFeedbackV2 =>
  testPress({
    experiencePointId: point,
    localTime: `${new Date(day * 86_400_000).toISOString().slice(0, 10)}T09:30:00.000+01:00`,
    surveyId: survey,
    buttonIndex: button,
    misuse,
  });

/** Day 19,845 is 2024-05-01. */
const may1 = 19_845;

describe("the check's fingerprints", () => {
  it('sums in SQLite what pressPrint gives press by press, per point, misuse and other days left out', () => {
    const next = mulberry32(7);
    const pick = (k: number): number => Math.floor(next() * k);
    // Survey ids up to 2^31, days of this era, buttons up to 10: the mixed number's largest terms.
    const surveys = [5, 4_109, 2_147_483_000];
    const presses = Array.from({ length: 2_000 }, () =>
      press(10 + pick(6), may1 + pick(40), surveys[pick(3)] ?? 5, pick(11), next() < 0.1),
    );
    const store = openStore(':memory:');
    store.buttonFeedback.writePage(presses);
    const [from, to] = [may1 + 5, may1 + 30];
    const expected = new Map<number, [number, number]>();
    for (const p of presses) {
      const day = Math.floor(Date.parse(p.localTime.slice(0, 10)) / 86_400_000);
      if (p.misuse || day < from || day >= to) continue;
      const sums = expected.get(p.experiencePointId) ?? [0, 0];
      expected.set(p.experiencePointId, [sums[0] + 1, sums[1] + pressPrint(day, p.surveyId, p.buttonIndex)]);
    }
    const points = pointsHoldingPresses(store.db);
    expect(points).toBe('[10,11,12,13,14,15]');
    const got = pointPrints(store.db, from, to, points, null);
    const pressesRead = [...pressesInWindow(store.db, from, to, points, null)].length;
    store.close();
    expect(got).toEqual([...expected].sort((a, b) => a[0] - b[0]).map(([p, s]) => [p, ...s]));
    expect(pressesRead).toBe([...expected.values()].reduce((a, s) => a + s[0], 0));
  });

  it('squares exactly: the fingerprint of a few presses, worked out with BigInt', () => {
    // pressPrint splits the square (up to 2^62) into halves of 16 bits; BigInt needs no such care.
    const p = 2_147_483_629n;
    const byBigInt = (day: number, survey: number, button: number): number => {
      const x = (BigInt(day) * 1_000_003n + BigInt(survey) * 7_919n + BigInt(button) * 104_729n) % p;
      return Number((x * x) % p);
    };
    const cases: [number, number, number][] = [
      [may1, 5, 0],
      [may1 + 7, 4_109, 10],
      [24_000, 2_147_483_000, 3],
      [1, 1, 1],
    ];
    expect(cases.map(([d, s, b]) => pressPrint(d, s, b))).toEqual(
      cases.map(([d, s, b]) => byBigInt(d, s, b)),
    );
  });

  it('differs when two presses of a point swap their buttons or days, though its count stays', () => {
    const swapped = (a: [number, number, number], b: [number, number, number]): boolean =>
      pressPrint(...a) + pressPrint(...b) !== pressPrint(a[0], a[1], b[2]) + pressPrint(b[0], b[1], a[2]);
    // Buttons 0 and 3 on two days; two surveys on one day; two days a month apart.
    expect([
      swapped([may1, 5, 0], [may1 + 1, 5, 3]),
      swapped([may1, 5, 1], [may1, 6, 2]),
      swapped([may1, 5, 0], [may1 + 31, 5, 1]),
    ]).toEqual([true, true, true]);
  });

  it('keeps to the points asked for and the subtrees of a scope', () => {
    // The tree: group 1 holds points 2 and 3; point 4 stands beside it. A scope of [1] is points 1-3.
    const store = openStore(':memory:');
    store.tree.replace([
      { experiencePointId: 1, name: 'Group', parent: null, type: 'GROUP' },
      { experiencePointId: 2, name: 'Two', parent: 1, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 3, name: 'Three', parent: 1, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 4, name: 'Four', parent: null, type: 'EXPERIENCE_POINT' },
    ]);
    store.buttonFeedback.writePage([2, 3, 4].map((p) => press(p, may1, 5, 0, false)));
    const points = (asked: string, scope: number[] | null): number[] =>
      pointPrints(store.db, may1, may1 + 1, asked, scope).map((r) => r[0]);
    const seen = [
      points('[2,3,4]', null),
      points('[2,4]', null),
      points('[2,3,4]', [1]),
      points('[3,4]', [1]),
    ];
    store.close();
    expect(seen).toEqual([[2, 3, 4], [2, 4], [2, 3], [3]]);
  });
});

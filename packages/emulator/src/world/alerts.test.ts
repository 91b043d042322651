// Alerts raised by evaluating specifications: each one is checked against a brute-force recount of the window.
import { describe, expect, it } from 'vitest';
import { worldAlerts } from './alerts.ts';
import { isNegativeAnswer } from './pressContent.ts';
import { PRESS_MISUSE } from './types.ts';
import { generateWorld } from './world.ts';

const world = generateWorld({ seed: 2, size: 'small', now: new Date('2026-11-21T14:00:00Z') });
const { specifications, alerts, comments } = worldAlerts(world);

/** Presses of the spec's (experience point, survey) in (t - window, t], misuse excluded: a plain scan. */
function windowAt(specIndex: number, t: number): number[] {
  const s = specifications[specIndex];
  if (!s) return [];
  const out: number[] = [];
  const p = world.presses;
  for (let i = 0; i < p.count; i++) {
    const ts = p.ts[i] ?? 0;
    if (ts > t) break;
    if (
      ts > t - s.windowMin * 60_000 &&
      p.ep[i] === s.epIndex &&
      p.survey[i] === s.surveyIndex &&
      !((p.flags[i] ?? 0) & PRESS_MISUSE)
    )
      out.push(i);
  }
  return out;
}

describe('alerts', () => {
  it('has specifications of all three types and alerts for each', () => {
    expect(new Set(specifications.map((s) => s.type))).toEqual(
      new Set(['negative', 'feedbackCount', 'indexThreshold']),
    );
    expect(new Set(alerts.map((a) => specifications[a.specIndex]?.type))).toEqual(
      new Set(['negative', 'feedbackCount', 'indexThreshold']),
    );
    expect(comments.length).toBeGreaterThan(0);
  });

  it('opens each alert at a press where the specification condition holds', () => {
    for (const a of alerts.filter((_, k) => k % 7 === 0)) {
      const s = specifications[a.specIndex];
      if (!s) continue;
      const buttons = world.surveys[s.surveyIndex]?.buttons ?? 4;
      const presses = windowAt(a.specIndex, a.begin);
      const values = presses.map((i) => world.presses.button[i] ?? 0);
      const n = values.length;
      if (s.type === 'negative') {
        const neg = values.filter((b) => isNegativeAnswer(buttons, b)).length;
        expect(n).toBeGreaterThanOrEqual(Number(s.params.countThreshold));
        expect((neg / n) * 100).toBeGreaterThanOrEqual(Number(s.params.threshold));
        expect(a.calculated).toEqual({
          responses: n,
          actual: Math.round((neg / n) * 1000) / 10,
          negativeResponses: neg,
        });
      } else if (s.type === 'feedbackCount') {
        const filter = s.params.responseFilter;
        const hits = values.filter((b) => Array.isArray(filter) && filter.includes(b)).length;
        expect(hits).toBeGreaterThanOrEqual(Number(s.params.countThreshold));
      } else {
        const pos = values.filter((b) => !isNegativeAnswer(buttons, b) && (buttons !== 11 || b >= 9)).length;
        expect(n).toBeGreaterThanOrEqual(Number(s.params.minResponses));
        expect((pos / n) * 100).toBeLessThan(Number(s.params.threshold));
      }
      if (a.end !== null) expect(a.end).toBeGreaterThan(a.begin);
      expect(a.begin).toBeLessThan(world.now);
    }
  });

  it('acknowledges and comments only after the alert began', () => {
    for (const a of alerts)
      if (a.acknowledgedTime !== null) expect(a.acknowledgedTime).toBeGreaterThan(a.begin);
    for (const c of comments) expect(c.time).toBeGreaterThan(alerts[c.alertIndex]?.begin ?? Infinity);
  });
});

// Injected incidents: the option's text read (and refused in one sentence), and a world with an incident that differs
// from the same world without it only in the buttons of that point's presses on those local days.
import { describe, expect, it } from 'vitest';
import { parseIncidents } from './incident.ts';
import { PRESS_MISUSE } from './types.ts';
import { generateWorld, pressLocalDay } from './world.ts';

const NOW = new Date('2026-11-21T14:00:00Z');

describe('incidents', () => {
  it('reads one or several incidents, `to` inclusive', () => {
    expect(parseIncidents('point=12,from=2026-11-01,to=2026-11-03,negative=80')).toEqual([
      {
        pointId: 12,
        fromDay: Date.UTC(2026, 10, 1) / 86_400_000,
        toDay: Date.UTC(2026, 10, 4) / 86_400_000,
        negative: 0.8,
      },
    ]);
    expect(
      parseIncidents(
        'point=1,from=2026-01-01,to=2026-01-01,negative=50,point=2,from=2026-02-01,to=2026-02-02,negative=100',
      ),
    ).toHaveLength(2);
    expect(() => parseIncidents('point=1,from=2026-02-30,to=2026-03-01,negative=5')).toThrow(
      "option '--incident': from and to must be dates yyyy-MM-dd, from not after to",
    );
    expect(() => parseIncidents('point=1,from=2026-01-01,to=2026-01-02,negative=120')).toThrow(
      "option '--incident': negative must be a percent from 0 to 100",
    );
    expect(() => parseIncidents('pt=1')).toThrow("option '--incident' takes point=<id>");
  });

  it('turns the point’s presses of those days red and leaves every other press as it was', () => {
    const plain = generateWorld({ seed: 3, size: 'tiny', now: NOW });
    // The point with the most presses in the last 30 days; its incident covers three days of them.
    const perPoint = new Map<number, number>();
    const today = Math.floor(NOW.getTime() / 86_400_000);
    for (let i = 0; i < plain.presses.count; i++)
      if (pressLocalDay(plain, i) >= today - 30)
        perPoint.set(plain.presses.ep[i] ?? 0, (perPoint.get(plain.presses.ep[i] ?? 0) ?? 0) + 1);
    const epIndex = [...perPoint].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    const point = plain.experiencePoints[epIndex];
    const from = today - 10;
    const hit = generateWorld({
      seed: 3,
      size: 'tiny',
      now: NOW,
      incidents: [{ pointId: point?.id ?? 0, fromDay: from, toDay: from + 3, negative: 1 }],
    });
    expect(hit.presses.count).toBe(plain.presses.count);
    let inside = 0;
    for (let i = 0; i < plain.presses.count; i++) {
      expect(hit.presses.ts[i]).toBe(plain.presses.ts[i]);
      const day = pressLocalDay(plain, i);
      const covered = plain.presses.ep[i] === epIndex && day >= from && day < from + 3;
      if (covered && ((plain.presses.flags[i] ?? 0) & PRESS_MISUSE) === 0) {
        // negative=100: every press of those days is red (misuse bursts keep their hammered button).
        expect(hit.presses.button[i]).toBe(0);
        inside++;
      }
      if (!covered) expect(hit.presses.button[i]).toBe(plain.presses.button[i]);
    }
    expect(inside).toBeGreaterThan(0);
  });
});

// The xlarge world without its 100 million presses: its structure, history windows and pages, each built twice.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../index.ts';
import { DAY_MS } from './calendar.ts';
import { SIZES } from './catalog.ts';
import { generateStructure } from './structure.ts';
import type { PressColumns, World } from './types.ts';
import { generateWorld, pressLocalDay } from './world.ts';

const NOW = new Date('2026-11-21T14:00:00Z');
const NOW_DAY = Math.floor(NOW.getTime() / DAY_MS);
const day = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

function columnBytes(p: PressColumns): Buffer {
  return Buffer.concat(
    [p.ts, p.ep, p.survey, p.smiley, p.button, p.flags].map((a) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
    ),
  );
}

/** The presses of `world` whose local day at their point lies in one of the ranges, as columns (the independent route). */
function pressesOnDays(world: World, ranges: number[][]): PressColumns {
  const keep: number[] = [];
  for (let i = 0; i < world.presses.count; i++) {
    const d = pressLocalDay(world, i);
    if (ranges.some(([from = 0, to = 0]) => d >= from && d < to)) keep.push(i);
  }
  const p = world.presses;
  const pick = <T extends Float64Array | Uint16Array | Uint8Array>(a: T, make: (n: number) => T): T => {
    const out = make(keep.length);
    keep.forEach((i, k) => (out[k] = a[i] ?? 0));
    return out;
  };
  return {
    count: keep.length,
    ts: pick(p.ts, (n) => new Float64Array(n)),
    ep: pick(p.ep, (n) => new Uint16Array(n)),
    survey: pick(p.survey, (n) => new Uint8Array(n)),
    smiley: pick(p.smiley, (n) => new Uint16Array(n)),
    button: pick(p.button, (n) => new Uint8Array(n)),
    flags: pick(p.flags, (n) => new Uint8Array(n)),
  };
}

describe('windows of the history', () => {
  it('hold exactly the whole world’s presses of those local days, in the same order', () => {
    const whole = generateWorld({ seed: 3, size: 'small', now: NOW });
    // The first days of the history, three days in the middle, and the last days up to now, in one world.
    const windows = [
      { from: '2019-12-01', to: '2019-12-04' },
      { from: '2025-06-13', to: '2025-06-16' },
      { from: '2026-11-19', to: '2026-11-23' },
    ];
    const part = generateWorld({ seed: 3, size: 'small', now: NOW, windows });
    const expected = pressesOnDays(
      whole,
      windows.map((w) => [day(w.from), day(w.to)]),
    );
    expect(expected.count).toBeGreaterThan(1000);
    expect(part.presses.count).toBe(expected.count);
    expect(columnBytes(part.presses).equals(columnBytes(expected))).toBe(true);
    expect(part.expectedPresses).toBe(whole.expectedPresses);
  }, 60_000);

  it('refuses a window that ends before it starts', () => {
    expect(() =>
      generateWorld({ size: 'tiny', now: NOW, windows: [{ from: '2026-01-02', to: '2026-01-01' }] }),
    ).toThrow('a window must be two dates');
  });
});

describe('the xlarge world', () => {
  it('has about 5,000 points in nine countries and five years of history, the same on every construction', () => {
    const a = generateStructure(1, 'xlarge', NOW_DAY);
    const b = generateStructure(1, 'xlarge', NOW_DAY);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.experiencePoints.length).toBeGreaterThan(4_500);
    expect(a.experiencePoints.length).toBeLessThan(5_500);
    expect(new Set(a.experiencePoints.map((e) => e.country)).size).toBe(9 + 1); // nine countries + digital ('')
    // The press columns hold point and device indexes in 16 bits.
    expect(a.smileys.length).toBeLessThan(65_536);
    const satisfaction = a.surveys[0];
    expect(satisfaction?.periods).toEqual([{ startDay: NOW_DAY - 1826, endDay: NOW_DAY + 365 }]);
    expect(SIZES.xlarge.historyDays).toBe(5 * 365 + 1); // five years, one of them with a 29 February
  }, 60_000);

  // Two constructions, each generating two days at the start, the middle and the end of the history (not 100M): about
  // 2 s of CPU each (the structure, the zones' tables, the rates' sums), far longer on a loaded machine.
  it('gives the same totals and the same pages at the start, the middle and the end of history', async () => {
    const windows = [
      { from: '2021-11-22', to: '2021-11-24' },
      { from: '2024-05-21', to: '2024-05-23' },
      { from: '2026-11-20', to: '2026-11-22' },
    ];
    const one = generateWorld({ seed: 1, size: 'xlarge', now: NOW, windows });
    const two = generateWorld({ seed: 1, size: 'xlarge', now: NOW, windows });
    // ≥ 100 million presses expected over the whole history (misuse bursts, ~2.5 % more, not counted).
    expect(one.expectedPresses).toBeGreaterThanOrEqual(100_000_000);
    expect(two.expectedPresses).toBe(one.expectedPresses);
    // Six days of 5,000 points: about 6 × 100M / 1,826 days, give or take weekdays, season and trend.
    expect(one.presses.count).toBeGreaterThan(200_000);
    expect(one.presses.count).toBeLessThan(600_000);
    expect(two.presses.count).toBe(one.presses.count);
    expect(columnBytes(two.presses).equals(columnBytes(one.presses))).toBe(true);
    const pages: string[][] = [];
    for (const world of [one, two]) {
      const emu = await startEmulator({ world, now: NOW });
      try {
        const bodies: string[] = [];
        for (const w of windows) {
          const query = `startDate=${w.from}&endDate=${w.to}&limit=500&offset=1000`;
          const res = await fetch(`${emu.url}/v2/results/button-feedbacks.json?${query}`, {
            headers: { 'X-Svc-API-Token': 'demo-v2-token' },
          });
          expect(res.status).toBe(200);
          bodies.push(await res.text());
        }
        pages.push(bodies);
      } finally {
        await emu.close();
      }
    }
    for (const body of pages[0] ?? []) expect(JSON.parse(body)).toHaveLength(500);
    expect(pages[1]).toEqual(pages[0]);
  }, 300_000);
});

// The generated world: determinism, the shape issue 3 asks for, and local times checked against Intl.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './calendar.ts';
import { PRESS_HOURLY_SUM, PRESS_MISUSE, type World } from './types.ts';
import { feedbackId, firstPressAtOrAfter, pressLocalTime, pressesByAssignment } from './world.ts';
import { generateWorld } from './world.ts';

const NOW = new Date('2026-11-21T14:00:00Z');
const tiny = generateWorld({ seed: 7, size: 'tiny', now: NOW });

function pressBytes(w: World): Buffer {
  const p = w.presses;
  return Buffer.concat(
    [p.ts, p.ep, p.survey, p.smiley, p.button, p.flags].map((a) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
    ),
  );
}

/** Wall clock of an instant in a zone according to Intl, as `yyyy-MM-ddTHH:mm:ss` (an independent route). */
function intlWallClock(zone: string, ts: number): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ts);
  const get = (t: string): string => f.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

describe('generateWorld', () => {
  it('is deterministic: the same seed, size and now give identical structure and presses', () => {
    const again = generateWorld({ seed: 7, size: 'tiny', now: NOW });
    expect(again.presses.count).toBe(tiny.presses.count);
    expect(pressBytes(again).equals(pressBytes(tiny))).toBe(true);
    expect(JSON.stringify(again.nodes)).toBe(JSON.stringify(tiny.nodes));
    expect(JSON.stringify(again.smileys)).toBe(JSON.stringify(tiny.smileys));
    expect(feedbackId(again, 123)).toBe(feedbackId(tiny, 123));
  });

  it('differs for a different seed', () => {
    const other = generateWorld({ seed: 8, size: 'tiny', now: NOW });
    expect(pressBytes(other).equals(pressBytes(tiny))).toBe(false);
    expect(feedbackId(other, 0)).not.toBe(feedbackId(tiny, 0));
  });

  // Its generation time is a benchmark figure (`npm run bench`), never a timed assertion: those flake under load.
  it('generates tiny with a few thousand presses', () => {
    expect(tiny.presses.count).toBeGreaterThan(1000);
    expect(tiny.presses.count).toBeLessThan(20_000);
  });

  it('has a tree of at least three levels with stores, digital points and several zones', () => {
    expect(Math.max(...tiny.nodes.map((n) => n.depth))).toBeGreaterThanOrEqual(3);
    expect(tiny.nodes[0]?.parentId).toBeNull();
    expect(tiny.experiencePoints.some((e) => e.kind === 'digital')).toBe(true);
    const zones = tiny.zones.map((z) => z.zone);
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Australia/Sydney');
    // every subtree range holds exactly its descendants
    for (const n of tiny.nodes)
      for (let i = n.index + 1; i < n.subtreeEnd; i++) expect(tiny.nodes[i]?.depth).toBeGreaterThan(n.depth);
  });

  it('holds every scale, both survey types, each survey state and every device kind', () => {
    expect(new Set(tiny.surveys.map((s) => s.scale))).toEqual(
      new Set(['four', 'five', 'five_reversed', 'nps']),
    );
    expect(new Set(tiny.surveys.map((s) => s.surveyType))).toEqual(new Set(['CUSTOMER', 'EMPLOYEE']));
    expect(new Set(tiny.surveys.map((s) => s.state))).toEqual(new Set(['active', 'ended', 'upcoming']));
    expect(new Set(tiny.assignments.map((a) => a.kind))).toEqual(new Set(['TERMINAL', 'TABLET', 'WEB']));
    const names = tiny.nodes.map((n) => n.name).join('\n');
    for (const ch of ['"', ',', '\n', '<', '&', 'ö', '🌊']) expect(names).toContain(ch);
    expect(tiny.nodes.some((n) => n.name.startsWith('='))).toBe(true);
  });

  it('keeps presses sorted, before now, in range of their scale, with misuse and hourly sums present', () => {
    const p = tiny.presses;
    let misuse = 0;
    let hourly = 0;
    let before2020 = 0;
    for (let i = 0; i < p.count; i++) {
      if (i > 0) expect(p.ts[i]).toBeGreaterThanOrEqual(p.ts[i - 1] ?? 0);
      expect(p.ts[i]).toBeLessThan(NOW.getTime());
      const survey = tiny.surveys[p.survey[i] ?? 0];
      expect(p.button[i]).toBeLessThan(survey?.buttons ?? 0);
      if ((p.flags[i] ?? 0) & PRESS_MISUSE) misuse++;
      if ((p.flags[i] ?? 0) & PRESS_HOURLY_SUM) hourly++;
      if ((p.ts[i] ?? 0) < Date.parse('2020-03-01T00:00:00Z')) before2020++;
    }
    expect(misuse).toBeGreaterThan(0);
    expect(hourly).toBeGreaterThan(0);
    expect(before2020).toBeGreaterThan(0);
    expect(firstPressAtOrAfter(tiny, NOW.getTime())).toBe(p.count);
  });

  it('writes each press in its experience point zone, as Intl reads the same instant', () => {
    const p = tiny.presses;
    for (let i = 0; i < p.count; i += 7) {
      const ep = tiny.experiencePoints[p.ep[i] ?? 0];
      const text = pressLocalTime(tiny, i);
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
      expect(text.slice(0, 19)).toBe(intlWallClock(ep?.zone ?? 'UTC', p.ts[i] ?? 0));
      // the offset in the text brings the wall clock back to the instant
      const back = Date.parse(text);
      expect(back).toBe(p.ts[i]);
    }
  });

  it('places hourly-sum presses at the local hour start, and store presses inside opening hours', () => {
    const p = tiny.presses;
    for (let i = 0; i < p.count; i++) {
      const flags = p.flags[i] ?? 0;
      const text = pressLocalTime(tiny, i);
      if (flags & PRESS_HOURLY_SUM) expect(text.slice(14, 23)).toBe('00:00.000');
      const ep = tiny.experiencePoints[p.ep[i] ?? 0];
      if (!ep || ep.kind !== 'physical' || flags & (PRESS_MISUSE | PRESS_HOURLY_SUM)) continue;
      const localDay = Math.floor(Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / DAY_MS);
      const dow = (((localDay + 3) % 7) + 7) % 7;
      const minute = Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16));
      expect(minute).toBeGreaterThanOrEqual(ep.openMinute[dow] ?? 0);
      expect(minute).toBeLessThan(ep.closeMinute[dow] ?? 0);
    }
  });

  it('indexes presses by assignment (v1 survey) in time order', () => {
    const lists = pressesByAssignment(tiny);
    expect(lists.reduce((n, l) => n + l.length, 0)).toBe(tiny.presses.count);
    for (const [a, list] of lists.entries()) {
      const assignment = tiny.assignments[a];
      for (const i of list) {
        expect(tiny.presses.ep[i]).toBe(assignment?.epIndex);
        expect(tiny.presses.survey[i]).toBe(assignment?.surveyIndex);
      }
    }
  });
});

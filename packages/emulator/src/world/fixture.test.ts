// World fixtures: a dumped world loads back identically; a hand-made one serves what a person computes by hand.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../index.ts';
import { FixtureError } from './fixtureReader.ts';
import { worldFromFixture, worldToFixture } from './fixture.ts';
import { oneTerminalFixture } from './oneTerminalFixture.ts';
import { feedbackId, generateWorld } from './world.ts';

const handMade = oneTerminalFixture({
  now: '2026-04-01T00:00:00Z',
  pointName: 'Kiosk "Nord", Köln',
  zone: 'Europe/Berlin',
  locale: 'de_DE',
  questionText: 'Wie war es?',
  period: { startDate: '2026-01-01', endDate: '2027-01-01' },
  presses: {
    // out of order on purpose; the night Berlin moves from +01:00 to +02:00 (01:00 UTC)
    time: ['2026-03-29T01:30:00Z', '2026-03-29T00:30:00Z', 1774828800000],
    button: [3, 0, 2],
    flags: [0, 0, 1],
  },
});

describe('world fixtures', () => {
  it('loads a dumped world back identically (structure, presses and ids)', () => {
    const world = generateWorld({ seed: 6, size: 'tiny', now: new Date('2026-11-21T14:00:00Z') });
    const text = JSON.stringify(worldToFixture(world));
    const loaded = worldFromFixture(JSON.parse(text));
    expect(JSON.stringify(worldToFixture(loaded))).toBe(text);
    expect(loaded.presses.count).toBe(world.presses.count);
    expect(feedbackId(loaded, 17)).toBe(feedbackId(world, 17));
    expect(loaded.surveys.map((s) => s.state)).toEqual(world.surveys.map((s) => s.state));
  });

  it('serves a hand-made fixture with local times computed by hand', async () => {
    const world = worldFromFixture(handMade);
    const emu = await startEmulator({ world });
    try {
      const res = await fetch(
        `${emu.url}/v2/results/button-feedbacks.json?startDate=2026-03-29&endDate=2026-03-31&includeMisuse=true`,
        {
          headers: { 'X-Svc-API-Token': 'demo-v2-token' },
        },
      );
      const list = (await res.json()) as {
        localTime: string;
        buttonIndex: number;
        misuse: boolean;
        experiencePointId: number;
      }[];
      expect(list.map((r) => [r.localTime, r.buttonIndex, r.misuse])).toEqual([
        ['2026-03-29T01:30:00.000+01:00', 0, false],
        ['2026-03-29T03:30:00.000+02:00', 3, false],
        ['2026-03-30T02:00:00.000+02:00', 2, true], // 1774828800000 = 2026-03-30T00:00:00Z
      ]);
      expect(list.every((r) => r.experiencePointId === 2)).toBe(true);
    } finally {
      await emu.close();
    }
  });

  it("draws every non-spam comment from the fixture's commentTexts, kept exactly as written", async () => {
    const texts = ['<img src=x onerror=alert(1)> {{ 7*7 }}', 'שלום 👋 عربي'];
    // flags 8 = text: the three presses each carry a comment; none is spam (128).
    const world = worldFromFixture({
      ...handMade,
      commentTexts: texts,
      presses: { ...handMade.presses, flags: [8, 8, 9] },
    });
    expect(JSON.parse(JSON.stringify(worldToFixture(world))).commentTexts).toEqual(texts);
    const emu = await startEmulator({ world });
    try {
      const res = await fetch(
        `${emu.url}/v2/results/text-feedbacks.json?startDate=2026-03-29&endDate=2026-03-31&includeMisuse=true`,
        { headers: { 'X-Svc-API-Token': 'demo-v2-token' } },
      );
      const list = (await res.json()) as { text: string }[];
      expect(list).toHaveLength(3);
      for (const row of list) expect(texts).toContain(row.text);
    } finally {
      await emu.close();
    }
    expect(() => worldFromFixture({ ...handMade, commentTexts: ['ok', ''] })).toThrow(/commentTexts\[1\]/);
  });

  it('names the first problem of a broken fixture', () => {
    const broken = { ...handMade, presses: { ...handMade.presses, smileyId: [40, 41, 40] } };
    expect(() => worldFromFixture(broken)).toThrow(FixtureError);
    expect(() => worldFromFixture(broken)).toThrow(/smileyId\[1\]/);
    expect(() => worldFromFixture({ ...handMade, version: 2 })).toThrow(/version/);
    expect(() =>
      worldFromFixture({ ...handMade, surveys: [{ id: 20, questionId: 99, scale: 'four', periods: [] }] }),
    ).toThrow(/questionId/);
  });
});

// The byte reader of button-feedback pages against the general way (TextDecoder, JSON.parse, parseButtonFeedback,
// pageColumns): every expected value here comes from that second route, run on the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { DEFAULT_V2_TOKEN } from '#emulator/http/identities.ts';
import { createV2Client } from '../api/v2/client.ts';
import { parseButtonFeedback } from '../api/v2/records.ts';
import { createPagePool } from '../store/repos/batchPool.ts';
import { pageColumns } from '../store/repos/feedbackBatch.ts';
import type { PageColumns } from '../store/repos/feedbackBatch.ts';
import { pageColumnsFromBytes } from './feedbackPageBytes.ts';
import { columnReader } from './feedbackPages.ts';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The general way: what the sync made of a page before the byte reader (and still does when it says null). */
function generalWay(bytes: Uint8Array): PageColumns {
  const raw = JSON.parse(new TextDecoder().decode(bytes)) as unknown[];
  return pageColumns(raw.map((item, index) => parseButtonFeedback(item, { endpoint: 'test', index })));
}

/** The columns as plain data, each typed array cut to the page's rows (a pooled set may be longer). */
function plain(c: PageColumns) {
  const rows = (a: ArrayLike<number>, width = 1) => Array.from(a).slice(0, c.n * width);
  return {
    n: c.n,
    ...{
      point: rows(c.point),
      localMs: rows(c.localMs),
      offsetMin: rows(c.offsetMin),
      survey: rows(c.survey),
    },
    ...{ smiley: rows(c.smiley), button: rows(c.button), misuse: rows(c.misuse), position: rows(c.position) },
    ...{
      ui: rows(c.ui),
      ids: rows(c.ids, 16),
      uiNames: c.uiNames,
      textIds: [...c.textIds],
      smileys: c.smileys,
    },
  };
}

const press = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  feedbackId: '221adf97-ba56-4ddf-ae99-086a1b67d633',
  smileyId: 602681,
  localTime: '2024-01-01T00:00:16.881+01:00',
  surveyId: 4109,
  experiencePointId: 22945,
  buttonIndex: 2,
  misuse: false,
  smileyType: 'SMILEY_DIGITAL',
  position: 1,
  ui: 'link',
  ...over,
});

/** Small deterministic generator (mulberry32), so a failing page can be rebuilt from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A press with every variation the reader takes in place: ids, times, offsets, nulls, absent fields, order, extras. */
function variedPress(r: () => number): Record<string, unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const hex = () => Math.floor(r() * 16).toString(16);
  const uuid = [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, hex).join('')).join('-');
  const day = `${2019 + Math.floor(r() * 8)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  const clock = `${String(Math.floor(r() * 24)).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}`;
  const seconds = pick(['', ':07', ':59.5', ':00.123', ':31.123456789']);
  const offset = pick(['Z', '+02:00', '-05:30', '+0100', '-0000', '+14:00']);
  const all: Record<string, unknown> = {
    feedbackId: pick([uuid, uuid.toUpperCase(), `legacy-${Math.floor(r() * 1000)}`, '']),
    smileyId: Math.floor(r() * 5) * 1000 + 7,
    localTime: `${day}T${clock}${seconds}${offset}`,
    surveyId: pick([0, -3, 4109, 2 ** 31 + 5]),
    experiencePointId: Math.floor(r() * 1e6),
    buttonIndex: Math.floor(r() * 11),
    misuse: r() < 0.2,
    smileyType: pick(['SMILEY_DIGITAL', 'SMILEY_TERMINAL', 'TABLET']),
  };
  if (r() < 0.8) all.position = pick([1, 2, null, -7]);
  if (r() < 0.8) all.ui = pick(['link', 'qr', 'email', null, '']);
  if (r() < 0.3) all.extra = pick([{ a: [1, 2.5e-3, 'x\\"y\u00e9'] }, [], {}, 'tab\there', -0.0, true, null]);
  const keys = Object.keys(all);
  if (r() < 0.3) keys.reverse();
  return Object.fromEntries(keys.map((k) => [k, all[k]]));
}

describe('pageColumnsFromBytes', () => {
  it('reads a plain page as the general way does (200 pages of varied presses, seeded)', () => {
    const pool = createPagePool();
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed);
      const items = Array.from({ length: 1 + Math.floor(r() * 40) }, () => variedPress(r));
      // Whitespace between every token on some pages (JSON.stringify's indentation), none on others.
      const text = JSON.stringify(items, null, seed % 3 === 0 ? 2 : undefined);
      const bytes = encode(seed % 7 === 0 ? `\uFEFF ${text}\n` : text);
      const read = pageColumnsFromBytes(bytes, pool, 16);
      expect(read, `seed ${seed}`).not.toBeNull();
      expect(plain(read as PageColumns), `seed ${seed}`).toEqual(plain(generalWay(bytes)));
    }
  });

  it('reads an empty page and one larger than the rows it was told to expect', () => {
    expect(pageColumnsFromBytes(encode(' [ ] '), createPagePool(), 10)?.n).toBe(0);
    const bytes = encode(JSON.stringify(Array.from({ length: 2500 }, (_, i) => press({ surveyId: i }))));
    const read = pageColumnsFromBytes(bytes, createPagePool(), 3) as PageColumns;
    expect(plain(read)).toEqual(plain(generalWay(bytes)));
  });

  it('leaves to the general way what it does not read in place, whether that way accepts it or not', () => {
    const cases: [string, string][] = [
      ['an escape in a kept string', JSON.stringify([press()]).replace('"link"', '"l\\u0069nk"')],
      ['a byte outside ASCII in a kept string', JSON.stringify([press({ smileyType: 'SMILEY_Ä' })])],
      [
        'an integer written with a fraction',
        JSON.stringify([press()]).replace('"buttonIndex":2', '"buttonIndex":2.0'),
      ],
      [
        'an integer written with an exponent',
        JSON.stringify([press()]).replace('"surveyId":4109', '"surveyId":4.109e3'),
      ],
      ['a field twice', JSON.stringify([press()]).replace('"misuse":false', '"misuse":true,"misuse":false')],
      ['a missing field', JSON.stringify([press({ smileyType: undefined })])],
      ['a field of another type', JSON.stringify([press({ smileyId: '602681' })])],
      ['a button out of range', JSON.stringify([press({ buttonIndex: 11 })])],
      ['an impossible local time', JSON.stringify([press({ localTime: '2023-02-29T10:00:00.000Z' })])],
      ['an item that is not an object', JSON.stringify([press(), null])],
      ['a body that is not a list', JSON.stringify(press())],
      ['a key with an escape', JSON.stringify([press()]).replace('"ui"', '"\\u0075i"')],
      ['a leading zero', JSON.stringify([press()]).replace('"surveyId":4109', '"surveyId":04109')],
      ['a cut-off body', JSON.stringify([press()]).slice(0, -5)],
      ['text after the list', `${JSON.stringify([press()])} x`],
      [
        'a bare control character in an unkept string',
        JSON.stringify([press({ note: 'a' })]).replace('"a"', '"\t"'),
      ],
      ['a bad escape in an unkept string', JSON.stringify([press({ note: 'a' })]).replace('"a"', '"\\x"')],
      [
        '256 distinct ui values',
        JSON.stringify(Array.from({ length: 256 }, (_, i) => press({ ui: `u${i}` }))),
      ],
    ];
    for (const [what, text] of cases) {
      const pool = createPagePool();
      expect(pageColumnsFromBytes(encode(text), pool, 10), what).toBeNull();
      expect(pool.kept, `${what}: its buffers went back to the pool`).toBe(1);
    }
    // Of these, the general way still accepts the escape, the fraction and the duplicate (the last value wins).
    const accepted = generalWay(encode(cases[4]?.[1] ?? ''));
    expect(accepted.misuse[0]).toBe(0);
    expect(generalWay(encode(cases[0]?.[1] ?? '')).uiNames).toEqual(['link']);
    expect(() => generalWay(encode(cases[6]?.[1] ?? ''))).toThrow(/smileyId/);
  });
});

describe("the sync's pages from the emulator", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: 3, size: 'tiny', now: new Date('2026-11-21T14:00:00Z') });
  });
  afterAll(() => emulator.close());

  it('are read as bytes, and each is what the records of the same page make', async () => {
    const client = createV2Client({ baseUrl: emulator.url, token: DEFAULT_V2_TOKEN });
    const window = { startDate: '2025-01-01', endDate: '2026-01-01', includeMisuse: true, limit: 500 };
    let fromBytes = 0;
    const reader = columnReader(createPagePool());
    const counting = {
      ...reader,
      fromBytes: (b: Uint8Array, limit: number) => {
        const page = reader.fromBytes?.(b, limit) ?? null;
        if (page) fromBytes++;
        return page;
      },
    };
    const read = [];
    for await (const page of client.buttonFeedbackPagesAs(window, counting)) read.push(plain(page.value));
    const general = [];
    for await (const page of client.buttonFeedbackPages(window)) general.push(plain(pageColumns(page.items)));
    expect(read.length).toBeGreaterThan(2);
    expect(fromBytes).toBe(read.length); // every page read from its bytes
    expect(read).toEqual(general);
  });
});

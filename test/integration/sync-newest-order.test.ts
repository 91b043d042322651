// The order of a first sync, newest first (orchestrator.ts, syncV2.ts): the tree, the survey definitions, the newest
// 62 days of presses (the views open: the coverage, with `listsReady: false`), the newest 62 days of every other
// resource (the coverage again, without it), then the presses' history before them in windows going back in time,
// then the other resources' history. The next run is an ordinary incremental one. Read
// from the requests the emulator received, and from what the file holds when the coverage is said.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryCoverage } from '#shared/contract.ts';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../../src-main/store/db.ts';
import { v2PressesBetween } from '../../src-main/sync/history.ts';
import { runSync } from '../../src-main/sync/orchestrator.ts';
import { feedbackLists, fetchList } from './sync-v2-resources-support.ts';
import { demoToken, tempDir } from './syncFixtures.ts';

const now = new Date('2026-11-21T14:00:00Z');
let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 5, port: 0, host: '127.0.0.1', now });
  dir = tempDir('fd-sync-newest-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

type Asked =
  | { kind: 'request'; path: string; startDate: string | null; endDate: string | null; probe: boolean }
  | { kind: 'coverage'; coverage: HistoryCoverage; pressesBefore: number; pressesFrom: number };

/** Rows of every v2 table besides the presses' (and the text search's), by table. */
function tableCounts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'v2\\_%' ESCAPE '\\'")
      .pluck()
      .all() as string[];
    const counted = tables.filter((t) => !t.startsWith('v2_button') && !t.startsWith('v2_text_feedback_fts'));
    return Object.fromEntries(
      counted.map((t) => [t, Number(db.prepare(`SELECT count(*) FROM ${t}`).pluck().get())]),
    );
  } finally {
    db.close();
  }
}

/** What the file held when the coverage was first said (the views open on it), and at the end of the run. */
const heldAt: { coverage?: Record<string, number>; end?: Record<string, number> } = {};

/** A default sync (the account's whole history) into `path`: the requests and the coverage events, in order. */
async function syncLogged(path: string): Promise<Asked[]> {
  const asked: Asked[] = [];
  let counted = false;
  const client = createV2Client({
    baseUrl: emulator.url,
    token: demoToken,
    fetch: (input, init) => {
      const url = new URL(String(input));
      const q = url.searchParams;
      asked.push({
        kind: 'request',
        path: url.pathname,
        startDate: q.get('startDate'),
        endDate: q.get('endDate'),
        probe: q.get('limit') === '1', // the search for the account's first day (history.ts)
      });
      return fetch(input, init);
    },
  });
  const store = openStore(path);
  try {
    const r = await runSync({
      store,
      sources: { v2: { client } },
      source: 'v2',
      now: () => now,
      onProgress: (p) => {
        // What the store holds once the coverage says the lists' newest days are in (the views refresh on it).
        if (p.coverage?.completeFrom && p.coverage.listsReady !== false && !counted) {
          heldAt.coverage = tableCounts(path);
          counted = true;
        }
        if (p.coverage?.completeFrom)
          asked.push({
            kind: 'coverage',
            coverage: p.coverage,
            pressesBefore: v2PressesBetween(store, '2000-01-01', p.coverage.completeFrom),
            pressesFrom: v2PressesBetween(store, p.coverage.completeFrom, '2100-01-01'),
          });
        else if (p.coverage)
          asked.push({ kind: 'coverage', coverage: p.coverage, pressesBefore: 0, pressesFrom: 0 });
      },
    });
    expect(r.status).toBe('done');
  } finally {
    store.close();
  }
  heldAt.end ??= tableCounts(path);
  return asked;
}

const isButtons = (a: Asked): boolean =>
  a.kind === 'request' && a.path.endsWith('/results/button-feedbacks.json') && !a.probe;
const isList = (a: Asked): boolean =>
  a.kind === 'request' && feedbackLists.some((l) => a.path.endsWith(`/${l.path}`));
const isSurveys = (a: Asked): boolean => a.kind === 'request' && a.path.endsWith('/surveys.json');
const isAlert = (a: Asked): boolean =>
  a.kind === 'request' && (a.path.endsWith('/alerts.json') || a.path.endsWith('/alert-comments.json'));

describe('a first sync, newest first', () => {
  it('stores the newest 62 days of everything first, then fills in history backwards, presses first', async () => {
    const asked = await syncLogged(join(dir, 'store.sqlite'));
    const first = asked.findIndex((a) => a.kind === 'coverage');
    expect(first).toBeGreaterThan(0);
    const ready = asked[first];
    // By hand: today (UTC) 2026-11-21; the run ends the day after tomorrow, 2026-11-23; 62 days before today: 09-20.
    expect(ready).toMatchObject({ coverage: { completeFrom: '2026-09-20', firstWindowReady: true } });
    // Said once the newest window is in the store, and nothing older is.
    expect(ready?.kind === 'coverage' && ready.pressesFrom).toBeGreaterThan(0);
    expect(ready?.kind === 'coverage' && ready.pressesBefore).toBe(0);
    const before = asked.slice(0, first);
    // Definitions before the first press; the presses before the coverage are those of the newest window only.
    expect(before.findIndex(isSurveys)).toBeLessThan(before.findIndex(isButtons));
    const newest = before.filter(isButtons);
    expect(newest.length).toBeGreaterThan(0);
    for (const a of newest) expect(a).toMatchObject({ startDate: '2026-09-20', endDate: '2026-11-23' });
    // Then the history: windows that end where the previous began, going back; the coverage follows each one.
    const history = asked.slice(first).filter(isButtons);
    const windows = [
      ...new Set(history.map((a) => (a.kind === 'request' ? `${a.startDate}|${a.endDate}` : ''))),
    ];
    expect(windows.length).toBeGreaterThan(2);
    let end = '2026-09-20';
    for (const w of windows) {
      const [s = '', e = ''] = w.split('|');
      expect(e).toBe(end);
      expect(s < e).toBe(true);
      end = s;
    }
    const said = asked.flatMap((a) => (a.kind === 'coverage' ? [a.coverage.completeFrom] : []));
    // Said twice at first (the views open; then the lists' newest days are in), then after each history window; the
    // last one comes after the lists' history: the presses were complete already, now everything is.
    expect(said).toEqual([
      ...['2026-09-20', '2026-09-20'],
      ...windows.map((w) => w.split('|')[0]).slice(0, -1),
      null,
      null,
    ]);
    // Each says what else is pending: at first the presses alone (the lists have begun nothing yet), then the lists
    // and the alerts from their newest 62 days until their history is in.
    const pending = asked.flatMap((a) => (a.kind === 'coverage' ? [a.coverage.pending ?? []] : []));
    const presses = { part: 'presses', completeFrom: '2026-09-20' };
    const others = [
      { part: 'lists', completeFrom: '2026-09-20' },
      { part: 'alerts', completeFrom: '2026-09-20' },
    ];
    expect(pending[0]).toEqual([presses]);
    expect(pending[1]).toEqual([presses, ...others]);
    expect(pending.at(-2)).toEqual(others);
    expect(pending.at(-1)).toEqual([]);
    // The other resources' windowed lists: none before the views open (the Overview's first chart needs none), their
    // newest 62 days right after (the coverage said again, the lists in), none while the presses' history is fetched,
    // their history (only days before the newest 62) after its last press.
    const windowed = (a: Asked): boolean => isList(a) || isAlert(a);
    expect(ready?.kind === 'coverage' && ready.coverage.listsReady).toBe(false);
    expect(before.some(windowed)).toBe(false);
    const listsIn = asked.findIndex((a) => a.kind === 'coverage' && a.coverage.listsReady !== false);
    expect(listsIn).toBeGreaterThan(first);
    expect(asked.slice(first, listsIn).some(isButtons)).toBe(false);
    const recent = asked.slice(first, listsIn).filter(windowed);
    expect(recent.length).toBeGreaterThan(0);
    for (const a of recent) expect(a).toMatchObject({ startDate: '2026-09-20', endDate: '2026-11-23' });
    const lastPress = asked.findLastIndex(isButtons);
    expect(asked.slice(listsIn, lastPress).some(windowed)).toBe(false);
    const older = asked.slice(lastPress).filter(windowed);
    expect(older.length).toBeGreaterThan(0);
    for (const a of older) expect(a.kind === 'request' && (a.endDate ?? '') <= '2026-09-20').toBe(true);
  });

  it('holds every resource of the newest 62 days, and nothing older, when the coverage says the lists are in', async () => {
    const at = heldAt.coverage ?? {};
    const end = heldAt.end ?? {};
    // Independent route: the emulator asked with plain fetch for the newest 62 days (by hand, as above) and for the
    // year before them; each windowed table holds exactly the former, though the latter is not empty.
    const count = async (path: string, startDate: string, endDate: string, extra = {}): Promise<number> =>
      (await fetchList(emulator.url, demoToken, path, { startDate, endDate, ...extra })).length;
    const windowed = [
      ...feedbackLists.map((l) => ({ path: l.path, table: l.table, extra: { includeMisuse: true } })),
      { path: 'alerts.json', table: 'v2_alert', extra: {} },
      { path: 'alert-comments.json', table: 'v2_alert_comment', extra: {} },
    ];
    for (const w of windowed) {
      const recent = await count(w.path, '2026-09-20', '2026-11-23', w.extra);
      const yearBefore = await count(w.path, '2025-09-20', '2026-09-20', w.extra);
      expect({ table: w.table, rows: at[w.table] }).toEqual({ table: w.table, rows: recent });
      expect(yearBefore).toBeGreaterThan(0);
      // …and by the end, the history too (the alerts' windows may share an alert: at least the newer of them).
      expect(end[w.table] ?? 0).toBeGreaterThanOrEqual(
        recent + (w.table.startsWith('v2_alert') ? 0 : yearBefore),
      );
    }
    expect(end.v2_alert ?? 0).toBeGreaterThan(at.v2_alert ?? 0);
    // The lists replaced whole (definitions, people, devices, custom data: migration 0004) are complete already.
    const whole = [
      ...['v2_survey', 'v2_survey_experience_point', 'v2_question', 'v2_question_localization'],
      ...['v2_followup_question', 'v2_followup_question_localization', 'v2_followup_option'],
      ...['v2_followup_option_localization', 'v2_alert_specification', 'v2_user', 'v2_smiley'],
      ...['v2_custom_data_field', 'v2_custom_data_value'],
    ];
    for (const t of whole) {
      expect(end[t] ?? 0).toBeGreaterThan(0);
      expect({ t, rows: at[t] }).toEqual({ t, rows: end[t] });
    }
  });

  it('runs the next sync as an ordinary incremental one: the trailing days only, no history, no coverage', async () => {
    const asked = await syncLogged(join(dir, 'store.sqlite'));
    expect(asked.some((a) => a.kind === 'coverage')).toBe(false);
    const windows = new Set(asked.filter(isButtons).map((a) => (a.kind === 'request' ? a.startDate : '')));
    // By hand: the last sync's UTC day 2026-11-21, less one, less three trailing days.
    expect([...windows]).toEqual(['2026-11-17']);
  });
});

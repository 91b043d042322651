// The report packs' views carry the analyst's notes: the Overview lists them in a Notes table, the follow-ups chart
// (sparse days) marks them. On the small export store, whose pain points in October 2026 were chosen on 10-02 and
// 10-31 (exportStore.ts), a note on 10-02 falls on the first day, index 0, worked out by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notesOf } from '#shared/charts/chartNotes.ts';
import { openStore, type Store } from '../store/db.ts';
import { writeExportStore } from './testing/exportStore.ts';
import { viewContent, type ViewSelection } from './viewReports.ts';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-view-notes-'));
  const path = join(dir, 'store.sqlite');
  writeExportStore(path);
  store = openStore(path);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = { experiencePoint: () => undefined, survey: () => undefined };
const selection: ViewSelection = {
  filter: { from: '2026-10-01', to: '2026-11-01', scale: 'four', experiencePointIds: [1] },
  notes: [
    { from: '2026-10-20', to: '2026-10-22', text: 'Road works' },
    { from: '2026-10-02', to: '2026-10-02', text: '=Staff <b>training</b>' },
  ],
};

describe('notes in the report packs’ views', () => {
  it('the Overview lists the notes in a table, oldest first, the text as written', () => {
    const notes = viewContent(store.db, 'overview', selection, names).tables.find((t) => t.title === 'Notes');
    expect(notes?.columns.map((c) => c.label)).toEqual(['Days', 'Note']);
    expect(notes?.rows).toEqual([
      ['2026-10-02', '=Staff <b>training</b>'],
      ['2026-10-20 – 2026-10-22', 'Road works'],
    ]);
  });

  it('the follow-ups chart marks a note on its day, and one between two days at the next', () => {
    const [pain] = viewContent(store.db, 'follow-ups', selection, names).charts;
    // Pain days 10-02, 10-31: 10-02 is index 0; 10-20…10-22 has no day of its own, so it is marked at 10-31 (1).
    expect(notesOf(pain?.option ?? {}).map((n) => [n.from, n.to, n.label])).toEqual([
      [1, 1, 'Road works'],
      [0, 0, '=Staff <b>training</b>'],
    ]);
  });

  it('a selection without notes has no Notes table', () => {
    const { notes: _none, ...bare } = selection;
    expect(viewContent(store.db, 'overview', bare, names).tables.map((t) => t.title)).not.toContain('Notes');
  });
});

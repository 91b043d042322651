// The analyst's notes in a chart's CSV: the Notes column as the file writes it (quotes doubled), and a note that
// looks like a formula stays text. Expected lines written by hand from the five days and notes below.
import { describe, expect, it } from 'vitest';
import { buildAlertTimelineOption, tabulateAlertDays } from '#shared/charts/alertTimeline.ts';
import { withChartNotes } from '#shared/charts/chartNotes.ts';
import { optionTable } from '#shared/charts/optionTable.ts';
import { neutraliseCell, tableToCsv } from './tableCsv.ts';

type Json = Record<string, unknown>;
const table = tabulateAlertDays([
  { day: '2026-10-01', count: 2, acknowledged: 1, open: 0 },
  { day: '2026-10-05', count: 1, acknowledged: 0, open: 1 },
]);
const labels = { acknowledged: 'Acknowledged', unacknowledged: 'Not acknowledged', open: 'Still open' };
const alertOption = () => buildAlertTimelineOption(table, { animation: false, labels });
const notes = [
  { from: '2026-10-02', to: '2026-10-03', text: 'Road works {b|x}' },
  { from: '2026-10-05', to: '2026-10-05', text: '=HYPERLINK("http://x")' },
];
const option = () =>
  JSON.parse(
    JSON.stringify(withChartNotes(alertOption(), notes, { grain: 'day', textColor: '#333' })),
  ) as Json;

describe('notes in a chart’s CSV', () => {
  it('a note starting with = is text in the CSV, and a leading + - @ too', () => {
    const own = JSON.parse(
      JSON.stringify(
        withChartNotes(
          alertOption(),
          [
            { from: '2026-10-01', to: '2026-10-01', text: '+1 staff' },
            { from: '2026-10-02', to: '2026-10-02', text: '-5 tables' },
            { from: '2026-10-03', to: '2026-10-03', text: '@boss visit' },
          ],
          { grain: 'day', textColor: '#333' },
        ),
      ),
    ) as Json;
    const csv = (o: Json) => tableToCsv(optionTable(o, 'Alerts per day')!).toString('utf8').split('\r\n');
    const lines = csv(option());
    expect(lines[0]).toBe('Day,Acknowledged,Not acknowledged,Still open,Notes');
    // The cell "Note: =HYPERLINK(…)" starts with N, so it is safe as it is; its quotes are doubled.
    expect(lines[5]).toBe('2026-10-05,0,1,1,"Note: =HYPERLINK(""http://x"") (2026-10-05)"');
    // The tooltip word comes first, so no note cell can start with = + - @; the text is kept as written.
    expect(csv(own).slice(1, 4)).toEqual([
      '2026-10-01,1,1,0,Note: +1 staff (2026-10-01)',
      '2026-10-02,0,0,0,Note: -5 tables (2026-10-02)',
      '2026-10-03,0,0,0,Note: @boss visit (2026-10-03)',
    ]);
  });

  it('a note’s own text starting with = + - @ is made text when written alone (the report packs’ Notes table)', () => {
    expect(['=1+1', '+1 staff', '-5 tables', '@boss'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+1 staff",
      "'-5 tables",
      "'@boss",
    ]);
  });
});

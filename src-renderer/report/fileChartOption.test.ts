// The interactive HTML report's tooltip says the analyst's notes of the pointed period, as the app's does (plain
// text); the expected text is written by hand from the axis and notes below.
import { describe, expect, it } from 'vitest';
import { buildAlertTimelineOption, tabulateAlertDays } from '#shared/charts/alertTimeline.ts';
import { withChartNotes } from '#shared/charts/chartNotes.ts';
import { fileChartOption } from './fileChartOption.ts';

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

describe('the HTML report’s chart', () => {
  it('the interactive HTML report’s tooltip says the notes too', () => {
    const file = fileChartOption(option());
    const f = (file.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(f([{ axisValueLabel: '2026-10-02', seriesName: 'Acknowledged', value: 0, dataIndex: 1 }])).toBe(
      '2026-10-02\nAcknowledged: 0\nNote: Road works bx (2026-10-02 – 2026-10-03)',
    );
  });
});

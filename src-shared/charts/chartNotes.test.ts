// The analyst's notes on any time chart and in what is exported from it: marks placed on the axis, the tooltip's
// plain lines, the exported table's Notes column (its CSV: src-main/export/chartNotesCsv.test.ts; the HTML report's
// tooltip: src-renderer/report/fileChartOption.test.ts). Expected values are worked out by hand from the axis and the notes below.
import { describe, expect, it } from 'vitest';
import { buildAlertTimelineOption, tabulateAlertDays } from './alertTimeline.ts';
import { noteLinesAt, notesOf, notesSeriesId, withChartNotes } from './chartNotes.ts';
import { buildFollowupTrendOption } from './followupTrend.ts';
import { optionTable } from './optionTable.ts';
import { notesOnAxis } from './trendNotes.ts';

// Five days, 2026-10-01 … 2026-10-05; alerts on the 1st (2) and the 4th (1), the days between filled with zeros.
const table = tabulateAlertDays([
  { day: '2026-10-01', count: 2, acknowledged: 1, open: 0 },
  { day: '2026-10-05', count: 1, acknowledged: 0, open: 1 },
]);
const labels = { acknowledged: 'Acknowledged', unacknowledged: 'Not acknowledged', open: 'Still open' };
const alertOption = () => buildAlertTimelineOption(table, { animation: false, labels });
const notes = [
  { from: '2026-10-02', to: '2026-10-03', text: 'Road works {b|x}' }, // a span: indexes 1 to 2
  { from: '2026-10-05', to: '2026-10-05', text: '=HYPERLINK("http://x")' }, // one day: index 4
  { from: '2026-11-01', to: '2026-11-02', text: 'Outside the axis' }, // left out
];

type Json = Record<string, unknown>;
const seriesOf = (o: object): Json[] => Reflect.get(o, 'series') as Json[];

describe('notes on a time chart', () => {
  it('marks a span as an area and a day as a line, on a series of their own', () => {
    const option = withChartNotes(alertOption(), notes, { grain: 'day', textColor: '#333' });
    const series = seriesOf(option);
    expect(series).toHaveLength(4); // the three of the chart, then the notes
    const mine = series[3] as Json & {
      markArea: { data: unknown[] };
      markLine: { data: unknown[] };
    };
    expect(mine.id).toBe(notesSeriesId);
    expect(mine.data).toEqual([]);
    // ECharts' rich-text markup `{ } |` is dropped from the label: "Road works bx".
    expect(mine.markArea.data).toEqual([[{ xAxis: 1, name: 'Road works bx' }, { xAxis: 2 }]]);
    expect(mine.markLine.data).toEqual([{ xAxis: 4, name: '=HYPERLINK("http://x")' }]);
    expect(notesOf(option).map((n) => [n.from, n.to, n.days])).toEqual([
      [1, 2, '2026-10-02 – 2026-10-03'],
      [4, 4, '2026-10-05'],
    ]);
    // The legend lists the chart's own series only (no empty entry for the notes).
    expect(Reflect.get(Reflect.get(option, 'legend') as Json, 'data')).toEqual([
      'Acknowledged',
      'Not acknowledged',
      'Still open',
    ]);
  });

  it('leaves a chart without notes on its axis as it was', () => {
    const before = alertOption();
    expect(withChartNotes(before, [notes[2]!], { grain: 'day', textColor: '#333' })).toBe(before);
  });

  it('says the notes of the pointed day in the tooltip, as plain text', () => {
    const option = withChartNotes(alertOption(), notes, { grain: 'day', textColor: '#333', word: 'Notiz' });
    const tooltip = Reflect.get(option, 'tooltip') as { formatter: (p: unknown) => string };
    const at = (i: number, v: number) => [
      {
        name: table.days[i],
        axisValueLabel: table.days[i],
        seriesName: 'Acknowledged',
        value: v,
        dataIndex: i,
      },
    ];
    expect(tooltip.formatter(at(2, 0))).toBe(
      '2026-10-03\nAcknowledged: 0\nNotiz: Road works bx (2026-10-02 – 2026-10-03)',
    );
    expect(tooltip.formatter(at(0, 1))).toBe('2026-10-01\nAcknowledged: 1');
    // A file never carries the function: JSON drops it (the file draws its own tooltip from the notes).
    expect(JSON.parse(JSON.stringify(option)).tooltip.formatter).toBeUndefined();
  });

  it('keeps a chart’s own tooltip and adds the notes under it', () => {
    const option = withChartNotes(
      { ...alertOption(), tooltip: { trigger: 'axis', formatter: () => 'own words' } },
      notes,
      { grain: 'day', textColor: '#333' },
    );
    const f = (Reflect.get(option, 'tooltip') as { formatter: (p: unknown) => string }).formatter;
    expect(f([{ dataIndex: 4 }])).toBe('own words\nNote: =HYPERLINK("http://x") (2026-10-05)');
  });

  it('puts a note on an axis of weeks named by their Monday at its week', () => {
    // 2026-10-07 is a Wednesday: its week's Monday is 2026-10-05, the second label.
    const placed = notesOnAxis(
      [{ from: '2026-10-07', to: '2026-10-07', text: 'Mid-week' }],
      ['2026-09-28', '2026-10-05', '2026-10-12'],
      'day',
      { weeks: true },
    );
    expect(placed).toEqual([{ from: 1, to: 1, label: 'Mid-week', days: '2026-10-07' }]);
  });

  it('places notes on a follow-ups trend of months', () => {
    const option = withChartNotes(
      buildFollowupTrendOption(
        { periods: ['2026-09', '2026-10', '2026-11'], lines: [] },
        { animation: false },
      ),
      [{ from: '2026-10-30', to: '2026-11-02', text: 'Fair' }],
      { grain: 'month', textColor: '#333' },
    );
    expect(noteLinesAt(notesOf(option), 1)).toEqual(['Note: Fair (2026-10-30 – 2026-11-02)']);
    expect(noteLinesAt(notesOf(option), 0)).toEqual([]);
  });
});

describe('notes in what is exported', () => {
  const option = () =>
    JSON.parse(
      JSON.stringify(withChartNotes(alertOption(), notes, { grain: 'day', textColor: '#333' })),
    ) as Json;

  it('the table gets a Notes column, each day its notes', () => {
    const t = optionTable(option(), 'Alerts per day');
    expect(t?.columns.map((c) => c.label)).toEqual([
      'Day',
      'Acknowledged',
      'Not acknowledged',
      'Still open',
      'Notes',
    ]);
    expect(t?.rows.map((r) => r[4])).toEqual([
      null,
      'Note: Road works bx (2026-10-02 – 2026-10-03)',
      'Note: Road works bx (2026-10-02 – 2026-10-03)',
      null,
      'Note: =HYPERLINK("http://x") (2026-10-05)',
    ]);
    // The values are the chart's own: day 1 has 1 acknowledged, 1 not; day 5 one open.
    expect(t?.rows[0]?.slice(0, 4)).toEqual(['2026-10-01', 1, 1, 0]);
  });
});

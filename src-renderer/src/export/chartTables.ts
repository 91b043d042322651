// The rows behind the app's charts as export tables (what a spreadsheet gets from a chart's export menu).
import type { ExportTable } from '#shared/contract.ts';
import { buttonTotals, type DailyButtonTable } from '#shared/charts/dailyButtonCounts.ts';

/** One row per day: the date, presses per answer, and the day's total. */
export function dailyButtonRows(table: DailyButtonTable, title: string): ExportTable {
  return {
    title,
    columns: [
      { key: 'day', label: 'Day', type: 'date' },
      ...table.series.map((s) => ({ key: `button${s.buttonIndex}`, label: s.name, type: 'number' as const })),
      { key: 'total', label: 'Total', type: 'number' },
    ],
    rows: table.days.map((day, i) => {
      const counts = table.series.map((s) => s.data[i] ?? 0);
      return [day, ...counts, counts.reduce((a, b) => a + b, 0)];
    }),
  };
}

/** One row per answer: its button index, label, presses and share of all presses. */
export function buttonTotalRows(table: DailyButtonTable, title: string): ExportTable {
  const totals = buttonTotals(table);
  const all = totals.reduce((a, b) => a + b, 0);
  return {
    title,
    columns: [
      { key: 'buttonIndex', label: 'Button', type: 'number' },
      { key: 'answer', label: 'Answer', type: 'text' },
      { key: 'presses', label: 'Presses', type: 'number' },
      { key: 'share', label: 'Share', type: 'number' },
    ],
    rows: table.series.map((s, i) => [
      s.buttonIndex,
      s.name,
      totals[i] ?? 0,
      all > 0 ? Math.round(((totals[i] ?? 0) / all) * 10_000) / 10_000 : 0,
    ]),
  };
}

/** The ranking as shown: rank, id and name side by side, presses, the value as counted, corrected, and change. */
export function rankingTable(
  rows: readonly {
    rank: number;
    experiencePointId: number;
    name: string;
    type: string;
    presses: number;
    value: number | null;
    adjusted: number | null;
    delta: number | null;
  }[],
  title: string,
  measureLabel: string,
): ExportTable {
  return {
    title,
    columns: [
      { key: 'rank', label: 'Rank', type: 'number' },
      { key: 'experiencePointId', label: 'Experience point id', type: 'number' },
      { key: 'name', label: 'Experience point', type: 'text' },
      { key: 'type', label: 'Type', type: 'text' },
      { key: 'presses', label: 'Presses', type: 'number' },
      { key: 'value', label: `${measureLabel} (as counted)`, type: 'number' },
      { key: 'adjusted', label: `${measureLabel} (corrected)`, type: 'number' },
      { key: 'delta', label: 'Change', type: 'number' },
    ],
    rows: rows.map((r) => [
      r.rank,
      r.experiencePointId,
      r.name,
      r.type === 'GROUP' ? 'group' : 'experience point',
      r.presses,
      r.value,
      r.adjusted,
      r.delta,
    ]),
  };
}

// Words of one anomaly as plain text (never HTML): what departed and by how much, for the list and the markers.
import type { AnomalyRow } from '#shared/contract.ts';
import type { Format } from '../../i18n/format.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "Red answers 62 % (usually 14 %)" or "Happy Index 40.0 (usually 90.0)". */
export function anomalyWhat(row: AnomalyRow, t: Translate, fmt: Format): string {
  const show = (v: number): string => (row.measure === 'negativeShare' ? fmt.percent(v) : fmt.score(v));
  return t(`anomalies.${row.measure}`, { value: show(row.value), baseline: show(row.baseline) });
}

/** The day, or the day and hour, of an anomaly. */
export function anomalyWhen(row: AnomalyRow, t: Translate, fmt: Format): string {
  if (row.hour === null) return fmt.day(row.day);
  return t('anomalies.hour', { day: fmt.day(row.day), hour: String(row.hour).padStart(2, '0') });
}

/** The day after a yyyy-MM-dd day (a filter's exclusive end). */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

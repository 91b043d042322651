// The key tables of the views as export tables (a report's table pages, a table's CSV/XLSX): names next to ids,
// numbers as numbers, dates as dates; the headers are the views' own words.
import type {
  AlertItem,
  CommentHit,
  ExportTable,
  FollowupSideSummary,
  QueryRow,
  ReconciliationRow,
} from '#shared/contract.ts';
import { alertTypeLabel } from '../components/alerts/alertType.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The Overview's figures: each with its value and, when a comparison is on, the comparison period's. */
export function figuresTable(
  title: string,
  figures: readonly { label: string; value: number | null; previous: number | null }[],
  t: Translate,
): ExportTable {
  const compared = figures.some((f) => f.previous !== null);
  return {
    title,
    columns: [
      { key: 'figure', label: t('exportTables.figure'), type: 'text' },
      { key: 'value', label: t('exportTables.value'), type: 'number' },
      ...(compared ? [{ key: 'previous', label: t('exportTables.previous'), type: 'number' as const }] : []),
    ],
    rows: figures.map((f) => [f.label, f.value, ...(compared ? [f.previous] : [])]),
  };
}

/** A short list of the Overview (best points, newest comments, …) as shown: name, detail, value. */
export function listTable(
  title: string,
  lines: readonly { title: string; detail: string; value?: string }[],
  t: Translate,
): ExportTable {
  return {
    title,
    columns: [
      { key: 'name', label: t('exportTables.name'), type: 'text' },
      { key: 'detail', label: t('exportTables.detail'), type: 'text' },
      { key: 'value', label: t('exportTables.value'), type: 'text' },
    ],
    rows: lines.map((l) => [l.title, l.detail, l.value ?? null]),
  };
}

/** One side of the follow-ups: each option, how often it was chosen, its share of the side's choices (0–1). */
export function optionSharesTable(title: string, summary: FollowupSideSummary, t: Translate): ExportTable {
  return {
    title,
    columns: [
      { key: 'option', label: t('followUps.option'), type: 'text' },
      { key: 'count', label: t('followUps.count'), type: 'number' },
      { key: 'share', label: t('followUps.share'), type: 'number' },
    ],
    rows: summary.options.map((o) => [o.optionText, o.count, o.share]),
  };
}

/** The alerts as listed: id, type (in words, as the table shows it), the point's id and name, survey id, begin and end (local time), acknowledged. */
export function alertsTable(title: string, alerts: readonly AlertItem[], t: Translate): ExportTable {
  return {
    title,
    columns: [
      { key: 'alertId', label: t('exportTables.alertId'), type: 'number' },
      { key: 'type', label: t('alerts.type'), type: 'text' },
      { key: 'experiencePointId', label: t('exportTables.pointId'), type: 'number' },
      { key: 'experiencePoint', label: t('alerts.place'), type: 'text' },
      { key: 'surveyId', label: t('exportTables.surveyId'), type: 'number' },
      { key: 'began', label: t('alerts.began'), type: 'text' },
      { key: 'ended', label: t('alerts.ended'), type: 'text' },
      { key: 'acknowledged', label: t('alerts.ack'), type: 'text' },
    ],
    rows: alerts.map((a) => [
      a.alertId,
      alertTypeLabel(a.type, t),
      a.experiencePointId,
      a.experiencePointName,
      a.surveyId,
      a.beginTime,
      a.endTime,
      a.acknowledged ? t('alerts.acknowledged') : t('alerts.unacknowledged'),
    ]),
  };
}

/** Reconciliation rows: day, the point's id and name, question id, the four counts and the difference. */
export function reconciliationTable(
  title: string,
  rows: readonly ReconciliationRow[],
  t: Translate,
): ExportTable {
  return {
    title,
    columns: [
      { key: 'day', label: t('reconciliation.day'), type: 'date' },
      { key: 'experiencePointId', label: t('exportTables.pointId'), type: 'number' },
      { key: 'experiencePoint', label: t('reconciliation.place'), type: 'text' },
      { key: 'questionId', label: t('exportTables.questionId'), type: 'number' },
      { key: 'v1Summed', label: t('reconciliation.v1Summed'), type: 'number' },
      { key: 'v1Raw', label: t('reconciliation.v1Raw'), type: 'number' },
      { key: 'v2All', label: t('reconciliation.v2All'), type: 'number' },
      { key: 'v2Misuse', label: t('reconciliation.v2Misuse'), type: 'number' },
      { key: 'difference', label: t('reconciliation.difference'), type: 'number' },
    ],
    rows: rows.map((r) => [
      r.day,
      r.experiencePointId,
      r.experiencePointName,
      r.questionId,
      r.v1Summed,
      r.v1Raw,
      r.v2All,
      r.v2Misuse,
      r.rawMinusSummed,
    ]),
  };
}

/** The comments listed: when (local time), the point's id and name, survey id, button and its answer, the text. */
export function commentsTable(
  title: string,
  hits: readonly CommentHit[],
  answer: (buttonIndex: number) => string | undefined,
  t: Translate,
): ExportTable {
  return {
    title,
    columns: [
      { key: 'localTime', label: t('exportTables.localTime'), type: 'text' },
      { key: 'experiencePointId', label: t('exportTables.pointId'), type: 'number' },
      { key: 'experiencePoint', label: t('alerts.place'), type: 'text' },
      { key: 'surveyId', label: t('exportTables.surveyId'), type: 'number' },
      { key: 'buttonIndex', label: t('exportTables.button'), type: 'number' },
      { key: 'answer', label: t('exportTables.answer'), type: 'text' },
      { key: 'text', label: t('comments.detail'), type: 'text' },
    ],
    rows: hits.map((h) => [
      h.localTime.slice(0, 16).replace('T', ' '),
      h.experiencePointId,
      h.experiencePointName,
      h.surveyId,
      h.buttonIndex,
      answer(h.buttonIndex) ?? null,
      h.text,
    ]),
  };
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The Data view's rows as the engine answered them: one column per key (the engine's names), in its order. */
export function dataTable(title: string, rows: readonly QueryRow[]): ExportTable {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const get = (row: QueryRow, key: string): unknown => Reflect.get(row, key);
  const typeOf = (key: string): 'text' | 'number' | 'date' => {
    const values = rows.map((r) => get(r, key)).filter((v) => v !== null && v !== undefined);
    if (values.length > 0 && values.every((v) => typeof v === 'number')) return 'number';
    if (values.length > 0 && values.every((v) => typeof v === 'string' && dayPattern.test(v))) return 'date';
    return 'text';
  };
  return {
    title,
    columns: keys.map((key) => ({ key, label: key, type: typeOf(key) })),
    rows: rows.map((r) =>
      keys.map((key) => {
        const v = get(r, key);
        return typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' ? v : null;
      }),
    ),
  };
}

// Exports from a data file, for the app's handlers and the command line alike: the caption every file carries (with
// the data's "as of"), and a chart or the rows of a selection drawn straight from the store (the command line's
// `export`). The renderers (ECharts, resvg, PDFKit, exceljs) load on the first export, not when the app starts.
import type { CaptionText, PixelRatio, QuerySpec, TableFormat, TrendGrain } from '#shared/contract.ts';
import { comparisonWords, describeFilters } from '#shared/charts/exportWords.ts';
import { optionTable } from '#shared/charts/optionTable.ts';
import { appInfo } from '../export/appInfo.ts';
import type { Caption } from '../export/exportFiles.ts';
import { queryTable, storeNames } from '../export/queryTable.ts';
import { storeChart, type ChartKind } from '../export/storeCharts.ts';
import type { Store } from '../store/db.ts';

const files = () => import('../export/exportFiles.ts');
/** The interactive HTML report loads none of those: the reader's browser draws its charts. */
const htmlReport = () => import('../export/htmlReport.ts');

/** When the data was last synced completely (null: never), as every exported file says. */
export function dataAsOf(store: Store): string | null {
  const last = store.syncRuns.last('done');
  return last ? (last.finishedAt ?? last.startedAt) : null;
}

/** The caption of a file exported from `store`: the given title and filters, when the data is from, the app. */
export function captionOf(store: Store, text: CaptionText): Caption {
  return { ...text, dataAsOf: dataAsOf(store), app: appInfo() };
}

export interface ChartExport {
  kind: ChartKind;
  format: 'png' | 'svg' | 'pdf';
  spec: QuerySpec;
  /** followups: pain points or highlights. */
  side: 'painPoint' | 'highlight';
  grain: TrendGrain;
  width: number;
  height: number;
  pixelRatio: PixelRatio;
}

/** A chart of the selection drawn from the store, with what it is in words ("1600×900 SVG"). */
export async function chartFromStore(store: Store, e: ChartExport): Promise<{ bytes: Buffer; what: string }> {
  const names = storeNames(store.db);
  const chart = storeChart(store.db, e.kind, e.spec.filter, names, { side: e.side, grain: e.grain });
  const caption = captionOf(store, { title: chart.title, filters: describeFilters(chart.filter, names) });
  const size = { width: e.width, height: e.height, pixelRatio: e.pixelRatio };
  const bytes = await (await files()).chartFile(chart.option, caption, e.format, size);
  const what =
    e.format === 'png'
      ? `${e.width * e.pixelRatio}×${e.height * e.pixelRatio} PNG`
      : `${e.width}×${e.height} ${e.format.toUpperCase()}`;
  return { bytes, what };
}

/** The rows of the selection as a CSV or XLSX file, with what it is in words ("12 rows, CSV"). */
export async function rowsFromStore(
  store: Store,
  spec: QuerySpec,
  format: TableFormat,
  options: { bom?: boolean } = {},
): Promise<{ bytes: Buffer; what: string }> {
  const names = storeNames(store.db);
  const table = queryTable(store.db, 'Rows', spec);
  const caption = captionOf(store, {
    title: 'Rows',
    filters: describeFilters(
      spec.filter,
      names,
      spec.comparison ? { comparison: comparisonWords(spec.comparison) } : {},
    ),
  });
  const bytes = await (await files()).tableFile(table, format, caption, options.bom ? { bom: true } : {});
  return { bytes, what: `${table.rows.length} rows, ${format.toUpperCase()}` };
}

/**
 * The command line's interactive HTML report: with a chart kind, that chart and the rows behind it (read from the
 * chart itself, so the file holds nothing the chart does not show); without one, the selection's rows as a sortable
 * table. With what it is in words ("1 chart, 31 rows, HTML").
 */
export async function htmlFromStore(
  store: Store,
  e: Pick<ChartExport, 'spec' | 'side' | 'grain'> & { kind?: ChartKind },
): Promise<{ bytes: Buffer; what: string }> {
  const names = storeNames(store.db);
  const { reportToHtml } = await htmlReport();
  if (e.kind === undefined) {
    const table = queryTable(store.db, 'Rows', e.spec);
    const caption = captionOf(store, {
      title: 'Rows',
      filters: describeFilters(
        e.spec.filter,
        names,
        e.spec.comparison ? { comparison: comparisonWords(e.spec.comparison) } : {},
      ),
    });
    const bytes = await reportToHtml({ caption, charts: [], tables: [table] });
    return { bytes, what: `${table.rows.length} rows, HTML` };
  }
  const chart = storeChart(store.db, e.kind, e.spec.filter, names, { side: e.side, grain: e.grain });
  const caption = captionOf(store, { title: chart.title, filters: describeFilters(chart.filter, names) });
  const table = optionTable(chart.option, chart.title);
  const bytes = await reportToHtml({
    caption,
    charts: [{ title: chart.title, option: chart.option }],
    tables: table ? [table] : [],
  });
  return { bytes, what: `1 chart${table ? `, ${table.rows.length} rows` : ''}, HTML` };
}

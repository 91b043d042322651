// A view's report: the view provides a collector, its charts and key tables register themselves (in the order they
// are set up, which is the order they are shown), and the report button gathers what they show at that moment.
import { getCurrentInstance, inject, onBeforeUnmount, provide, type InjectionKey } from 'vue';
import type { ExportTable, ReportChart } from '#shared/contract.ts';
import { plainOption } from '../composables/useExport.ts';

export interface ReportChartPart {
  kind: 'chart';
  title: () => string;
  option: () => object | null;
  /** The chart's rows: the report's tables when the view registers none of its own. */
  rows: () => ExportTable | null;
}
export interface ReportTablePart {
  kind: 'table';
  table: () => ExportTable | null;
}
export type ReportPart = ReportChartPart | ReportTablePart;

export interface ViewReport {
  add(part: ReportPart): () => void;
  /** The charts with something drawn, and the key tables (the charts' rows when there are no tables). */
  collect(): { charts: ReportChart[]; tables: ExportTable[] };
}

const reportKey: InjectionKey<ViewReport> = Symbol('viewReport');

export function createViewReport(): ViewReport {
  let next = 0;
  const parts = new Map<number, ReportPart>();
  return {
    add(part) {
      const id = next++;
      parts.set(id, part);
      return () => parts.delete(id);
    },
    collect() {
      const all = [...parts.values()];
      const charts: ReportChart[] = [];
      const chartRows: ExportTable[] = [];
      const tables: ExportTable[] = [];
      for (const part of all) {
        if (part.kind === 'table') {
          const table = part.table();
          if (table && table.rows.length > 0) tables.push(table);
          continue;
        }
        const option = part.option();
        if (!option) continue;
        charts.push({ title: part.title(), option: plainOption(option) });
        const rows = part.rows();
        if (rows && rows.rows.length > 0) chartRows.push(rows);
      }
      return { charts, tables: tables.length > 0 ? tables : chartRows };
    },
  };
}

/** In a view's setup: its charts and tables below register here; the report button reads it. */
export function provideViewReport(): ViewReport {
  const report = createViewReport();
  provide(reportKey, report);
  return report;
}

export function injectViewReport(): ViewReport | null {
  return getCurrentInstance() ? inject(reportKey, null) : null;
}

/**
 * Registers a part with the view's report for the component's lifetime: the report of the view it sits in, or the
 * one given (a view registering its own tables: a component does not see what it provides itself).
 */
export function useReportPart(part: ReportPart, report: ViewReport | null = injectViewReport()): void {
  if (!report) return;
  const remove = report.add(part);
  onBeforeUnmount(remove);
}

/** A key table of the view (a getter: the rows as shown when the report is made). */
export function useReportTable(table: () => ExportTable | null, report?: ViewReport): void {
  useReportPart({ kind: 'table', table }, report);
}

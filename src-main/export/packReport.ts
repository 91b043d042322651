// One node's report of a pack: the view's charts and tables for the node's subtree, as the app's report PDF, written
// under its final name only when whole (a temporary file, then a rename).
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { QueryFilter } from '#shared/contract.ts';
import { describeFilters, type ExportNames } from '#shared/charts/exportWords.ts';
import type { ChartNote } from '#shared/charts/trendNotes.ts';
import { appInfo } from './appInfo.ts';
import type { PackNode } from './packPlan.ts';
import { reportToPdf } from './reportPdf.ts';
import { viewContent, viewTitles, type ReportView, type ViewSelection } from './viewReports.ts';
import { writeExportFile } from './writeExport.ts';

/** What every report of one pack shares: the view, the selection without its node, the words and the folder. */
export interface PackJob {
  view: ReportView;
  /** The period, surveys, misuse, scale and comparison; each node adds itself as the subtree. */
  selection: ViewSelection;
  /** The comparison in words for the caption ("previous period"), when there is one. */
  comparisonWords?: string;
  /** The analyst's notes in the period: each node's report marks those on it and those on the whole tree. */
  notes?: (ChartNote & { experiencePointId: number | null })[];
  /** When the data was last synced completely (ISO), or null. */
  dataAsOf: string | null;
  outDir: string;
}

/** The node's own filter: its subtree, with the pack's period, surveys, misuse and scale. */
export function nodeSelection(job: PackJob, node: PackNode): ViewSelection {
  const filter: QueryFilter & { scale: NonNullable<QueryFilter['scale']> } = {
    ...job.selection.filter,
    experiencePointIds: [node.experiencePointId],
  };
  const notes = (job.notes ?? []).filter(
    (n) => n.experiencePointId === null || n.experiencePointId === node.experiencePointId,
  );
  return { ...job.selection, filter, notes };
}

/** The node's report as PDF bytes: titled with the view and the node, captioned with its filters. */
export async function nodeReportPdf(
  db: Database.Database,
  job: PackJob,
  node: PackNode,
  names: ExportNames,
): Promise<Buffer> {
  const selection = nodeSelection(job, node);
  const content = viewContent(db, job.view, selection, names);
  const filters = describeFilters(
    selection.filter,
    names,
    job.comparisonWords !== undefined ? { comparison: job.comparisonWords } : {},
  );
  return reportToPdf({
    caption: {
      title: `${viewTitles[job.view]}: ${node.name}`,
      filters,
      dataAsOf: job.dataAsOf,
      app: appInfo(),
    },
    charts: content.charts,
    tables: content.tables,
  });
}

/** Makes and writes the node's report (replacing a damaged or older file of the same name); returns its path. */
export async function writeNodeReport(
  db: Database.Database,
  job: PackJob,
  node: PackNode,
  names: ExportNames,
): Promise<string> {
  const bytes = await nodeReportPdf(db, job, node, names);
  return writeExportFile(join(job.outDir, node.fileName), bytes, { force: true });
}

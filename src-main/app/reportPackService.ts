// Report packs: one view's report for every node of a set (children, leaves, a level), an index PDF and CSV with
// each node's key figures. Resumable (a whole file already there is kept), with progress, on one or two threads.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import type { Comparison, FeedbackScale, QueryFilter } from '#shared/contract.ts';
import {
  comparisonWords,
  describeFilters,
  exportFileName,
  type ExportNames,
} from '#shared/charts/exportWords.ts';
import { scaleGroupOf } from '#shared/metrics/scales.ts';
import { listTree } from '../analytics/query.ts';
import { listScales } from '../analytics/scales.ts';
import { appInfo } from '../export/appInfo.ts';
import { indexPdfTable, indexTable, packNodes, type PackEach, type PackNode } from '../export/packPlan.ts';
import { nodeSelection, writeNodeReport, type PackJob } from '../export/packReport.ts';
import { writeExportFile } from '../export/writeExport.ts';
import { startPackThread, type Drawer } from '../export/packThreads.ts';
import { storeNames } from '../export/queryTable.ts';
import { figureLabel, selectionFigures, viewTitles, type ReportView } from '../export/viewReports.ts';
import type { OpenStoreOptions, Store } from '../store/db.ts';
import { annotationsFor } from './annotationService.ts';
import { dataAsOf } from './exportService.ts';
import { readFileAsync } from './storeService.ts';

export interface ReportPackRequest {
  storePath: string;
  view: ReportView;
  each: PackEach;
  /** The roots (experiencePointIds; none: the whole tree), the period, surveys, misuse and the scale if chosen. */
  filter: QueryFilter;
  comparison?: Comparison;
  outDir: string;
  /** Make every report again, even those already there. */
  force?: boolean;
  /** Threads drawing reports (1: this thread only). Default: two on two cores or more, for four reports or more. */
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (p: PackProgress) => void;
  onMigration?: OpenStoreOptions['onMigration'];
  /** Told a sentence worth showing that does not stop the pack (the notes file was damaged and set aside). */
  onWarning?: (sentence: string) => void;
}

export interface PackProgress {
  done: number;
  total: number;
  node: PackNode;
  /** `written` now, or `kept`: a whole file of that name was already there. */
  state: 'written' | 'kept';
}

export interface ReportPackOutcome {
  outDir: string;
  total: number;
  written: number;
  kept: number;
  indexPdf: string;
  indexCsv: string;
  /** The scale every report of the pack shows (the one chosen, or the root's most pressed). */
  scale: string;
}

/** The pack's own sentences (what happened, whether anything was lost, what to do). */
export const packSentences = {
  noScale: 'No presses of a known scale match this selection; no report was written.',
  noNodes: (each: string) =>
    `No node of the tree matches --each ${each} in this selection; no report was written. Try another --each or --experience-point.`,
  notFolder: (dir: string) => `${dir} is a file, not a folder; choose a folder for the reports with --out.`,
  stopped: (done: number, total: number) =>
    `Stopped after ${done} of ${total} reports; every report written is whole. Run the same command again to finish the rest.`,
  nodeFailed: (name: string, why: string) =>
    `The report of ${name} could not be made (${why}); the reports written so far are kept. Run the same command again to finish.`,
};

/** A PDF is whole when it ends with its end-of-file marker (a file cut short does not). */
export function isWholePdf(path: string): boolean {
  let fd: number | null = null;
  try {
    const size = statSync(path).size;
    if (size < 64) return false;
    fd = openSync(path, 'r');
    const tail = Buffer.alloc(Math.min(1024, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString('latin1').includes('%%EOF');
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Temporary files a killed run left beside the pack's reports (`.<name>.<hex>.part`): removed before work. */
function removeLeftovers(outDir: string, names: ReadonlySet<string>): void {
  for (const entry of readdirSync(outDir)) {
    const m = /^\.(.+)\.[0-9a-f]{12}\.part$/.exec(entry);
    if (m?.[1] !== undefined && names.has(m[1])) rmSync(join(outDir, entry), { force: true });
  }
}

function outFolder(dir: string): string {
  const target = resolve(dir);
  if (existsSync(target) && !statSync(target).isDirectory()) throw new Error(packSentences.notFolder(target));
  mkdirSync(target, { recursive: true });
  return target;
}

/** Draws every node on `threads` threads (this one when 1), each node's end told to `onDrawn`. */
async function drawAll(
  storePath: string,
  job: PackJob,
  nodes: readonly PackNode[],
  threads: number,
  here: (node: PackNode) => Promise<void>,
  onDrawn: (node: PackNode) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const queue = [...nodes];
  let drawers: Drawer[] = [{ draw: here, close: async () => undefined }];
  if (threads > 1 && nodes.length > 1) {
    const started = await Promise.allSettled(
      Array.from({ length: Math.min(threads, nodes.length) }, () => startPackThread(storePath, job)),
    );
    const ok = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    if (ok.length > 0) drawers = ok; // no thread could start (an unusual build): draw here instead
  }
  try {
    await Promise.all(
      drawers.map(async (drawer) => {
        for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
          if (signal?.aborted) return;
          try {
            await drawer.draw(node);
          } catch (error) {
            queue.length = 0;
            throw new Error(
              packSentences.nodeFailed(node.name, error instanceof Error ? error.message : String(error)),
              { cause: error },
            );
          }
          onDrawn(node);
        }
      }),
    );
  } finally {
    await Promise.all(drawers.map((d) => d.close()));
  }
}

interface PackPlan {
  job: PackJob;
  nodes: PackNode[];
  eachText: string;
  scale: FeedbackScale;
}

/** What the pack covers: the scale every report shares, the nodes, and the job each report is made from. */
function planPack(store: Store, request: ReportPackRequest, outDir: string): PackPlan {
  const roots = request.filter.experiencePointIds;
  const scale = request.filter.scale ?? listScales(store.db, roots).scales[0]?.scale;
  if (scale === undefined) throw new Error(packSentences.noScale);
  const { from, to } = request.filter;
  const nodes = packNodes(listTree(store.db), request.each, roots, {
    view: request.view,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  });
  const eachText = request.each.kind === 'level' ? `level=${request.each.level}` : request.each.kind;
  if (nodes.length === 0) throw new Error(packSentences.noNodes(eachText));
  const { experiencePointIds: _roots, ...rest } = request.filter;
  const compared = request.comparison;
  const job: PackJob = {
    view: request.view,
    selection: {
      filter: { ...rest, scale },
      ...(compared ? { comparison: compared, comparisonName: capitalised(comparisonWords(compared)) } : {}),
    },
    ...(compared ? { comparisonWords: comparisonWords(compared) } : {}),
    dataAsOf: dataAsOf(store),
    outDir,
    notes: annotationsFor(
      store.path,
      { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) },
      request.onWarning,
    ).map((a) => ({ experiencePointId: a.experiencePointId, from: a.from, to: a.to, text: a.text })),
  };
  return { job, nodes, eachText, scale };
}

/** The index PDF and CSV: each node's figures, read now (a kept report's node too). Returns their paths. */
async function writeIndex(
  store: Store,
  request: ReportPackRequest,
  plan: PackPlan,
  names: ExportNames,
): Promise<{ indexPdf: string; indexCsv: string }> {
  const { job, nodes, eachText, scale } = plan;
  const group = scaleGroupOf(scale);
  const entries = nodes.map((node) => ({
    node,
    figures: selectionFigures(store.db, nodeSelection(job, node)),
  }));
  const title = `${viewTitles[request.view]} of each node (${eachText})`;
  const table = indexTable(
    title,
    entries,
    { score: figureLabel('score', group), positive: figureLabel('positive', group) },
    request.comparison !== undefined,
  );
  const caption = {
    title,
    filters: describeFilters(
      { ...request.filter, scale },
      names,
      job.comparisonWords !== undefined ? { comparison: job.comparisonWords } : {},
    ),
    dataAsOf: job.dataAsOf,
    app: appInfo(),
  };
  const { from, to } = request.filter;
  const fileOf = (ext: string): string =>
    join(
      job.outDir,
      exportFileName(
        {
          title: `${request.view} index ${eachText}`,
          ...(from !== undefined ? { from } : {}),
          ...(to !== undefined ? { to } : {}),
        },
        ext,
      ),
    );
  const files = await import('../export/exportFiles.ts');
  const pdf = await files.reportFile({ caption, charts: [], tables: [indexPdfTable(table)] });
  const csv = await files.tableFile(table, 'csv', caption, {});
  return {
    indexPdf: writeExportFile(fileOf('pdf'), pdf, { force: true }),
    indexCsv: writeExportFile(fileOf('csv'), csv, { force: true }),
  };
}

/** Makes the pack in `outDir` and says what was written and kept. */
export async function makeReportPack(request: ReportPackRequest): Promise<ReportPackOutcome> {
  const outDir = outFolder(request.outDir);
  const read = async (store: Store): Promise<ReportPackOutcome> => {
    const plan = planPack(store, request, outDir);
    const { job, nodes } = plan;
    removeLeftovers(outDir, new Set(nodes.map((n) => n.fileName)));
    let done = 0;
    const tell = (node: PackNode, state: PackProgress['state']): void =>
      request.onProgress?.({ done: ++done, total: nodes.length, node, state });
    const todo: PackNode[] = [];
    for (const node of nodes)
      if (!request.force && isWholePdf(join(outDir, node.fileName))) tell(node, 'kept');
      else todo.push(node);
    const names = storeNames(store.db);
    await drawAll(
      request.storePath,
      job,
      todo,
      request.threads ?? (cpus().length >= 2 && todo.length >= 4 ? 2 : 1),
      async (node) => void (await writeNodeReport(store.db, job, node, names)),
      (node) => tell(node, 'written'),
      request.signal,
    );
    if (request.signal?.aborted) throw new Error(packSentences.stopped(done, nodes.length));
    const index = await writeIndex(store, request, plan, names);
    const kept = nodes.length - todo.length;
    return { outDir, total: nodes.length, written: todo.length, kept, ...index, scale: plan.scale };
  };
  return readFileAsync(
    request.storePath,
    read,
    request.onMigration ? { onMigration: request.onMigration } : {},
  );
}

const capitalised = (text: string): string => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

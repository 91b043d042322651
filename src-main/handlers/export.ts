// Handlers of the export domain: a chart, a table or a view's report → a file, saved through the desktop's dialog or
// handed to the browser as a one-time download (web mode).
import type { CaptionText, DomainHandlers, ExportCommands, ExportOutcome, Result } from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { querySpecProblem } from '../analytics/query.ts';
import { captionOf } from '../app/exportService.ts';
import type { DownloadShelf } from '../export/downloadShelf.ts';
import type { Caption } from '../export/exportFiles.ts';
import { HtmlRuntimeError } from '../export/htmlRuntime.ts';
import { mimeTypes } from '../export/mimeTypes.ts';
import { queryTable } from '../export/queryTable.ts';
import { ExportPathError, writeExportFile } from '../export/writeExport.ts';
import { withArgs, type HandlerContext } from './context.ts';

export const downloadPrefix = '/api/download/';

/** The renderers (ECharts, resvg, PDFKit, exceljs) load on the first export, not when the app starts. */
const files = () => import('../export/exportFiles.ts');
/** The interactive HTML report needs none of them: its charts are drawn by the reader's browser. */
const htmlReport = () => import('../export/htmlReport.ts');

export function createExportHandlers(
  ctx: HandlerContext,
  shelf: DownloadShelf,
): DomainHandlers<ExportCommands> {
  const caption = (text: CaptionText): Caption => captionOf(ctx.store(), text);

  /** Desktop: the save dialog, then an all-or-nothing write. Web mode: onto the shelf for one download. */
  async function deliver(
    fileName: string,
    format: keyof typeof mimeTypes,
    make: () => Promise<Buffer>,
  ): Promise<Result<ExportOutcome>> {
    const choose = ctx.deps.chooseExportPath;
    const path = choose ? await choose(fileName) : undefined;
    if (path === null) return ok({ kind: 'cancelled' });
    try {
      const bytes = await make();
      if (path === undefined) {
        const id = shelf.put({ fileName, mime: mimeTypes[format], bytes });
        return ok({ kind: 'download', url: `${downloadPrefix}${id}`, fileName });
      }
      // The dialog has already asked whether to replace an existing file.
      return ok({ kind: 'saved', path: writeExportFile(path, bytes, { force: true }) });
    } catch (error) {
      if (error instanceof ExportPathError) return fail('bad-request', error.message);
      if (error instanceof HtmlRuntimeError) return fail('internal', error.message);
      throw error;
    }
  }

  return {
    'export:chart': (args) =>
      withArgs('export:chart', 'The chart export', args, (a) =>
        deliver(a.fileName, a.format, async () =>
          (await files()).chartFile(a.option, caption(a.caption), a.format, a),
        ),
      ),
    'export:table': (args) =>
      withArgs('export:table', 'The table export', args, (a) => {
        if (a.source.kind === 'query') {
          const problem = querySpecProblem(a.source.spec);
          if (problem) return fail('bad-request', `The table export was not understood: ${problem}.`);
        }
        return deliver(a.fileName, a.format, async () => {
          const table =
            a.source.kind === 'rows'
              ? a.source.table
              : queryTable(ctx.store().db, a.source.title, a.source.spec);
          return (await files()).tableFile(table, a.format, caption(a.caption), a.bom ? { bom: true } : {});
        });
      }),
    'export:report': (args) =>
      withArgs('export:report', 'The report export', args, (a) => {
        const format = a.format ?? 'pdf';
        return deliver(a.fileName, format, async () => {
          const input = { caption: caption(a.caption), charts: a.charts, tables: a.tables };
          return format === 'html'
            ? (await htmlReport()).reportToHtml(input)
            : (await files()).reportFile(input);
        });
      }),
  };
}

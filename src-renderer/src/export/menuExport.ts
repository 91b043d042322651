// File › Export (the desktop menu): the current view's export controls register here while they are on the page, and
// the menu runs the best one — the view's report (one PDF) when it has one, else the first chart's export menu.
// File › Save as Interactive Report (HTML) runs the view's report only, as one HTML file.
import { getCurrentScope, onScopeDispose } from 'vue';
import type { ReportFormat } from '#shared/contract.ts';

/** 'report': exports the whole view at once; 'chart': opens one chart's or table's export choices. */
export type MenuExportKind = 'report' | 'chart';

interface MenuExportTarget {
  kind: MenuExportKind;
  /** A report exports in the format asked for; a chart opens its choices (the user picks the format). */
  run: (format: ReportFormat) => void;
  /** The control's element, to find the first one on the page (document order); null while not mounted. */
  element: () => Element | null;
}

const targets = new Set<MenuExportTarget>();

/**
 * Registers an export control of the current view for File › Export, for as long as the calling component (or
 * effect scope) lives. `run` does what the menu item means for this control.
 */
export function useMenuExportTarget(
  kind: MenuExportKind,
  run: (format: ReportFormat) => void,
  element: () => Element | null = () => null,
): void {
  const target: MenuExportTarget = { kind, run, element };
  targets.add(target);
  if (getCurrentScope()) onScopeDispose(() => targets.delete(target));
}

/** Document order; a control without an element goes last. */
function byPosition(a: MenuExportTarget, b: MenuExportTarget): number {
  const ea = a.element();
  const eb = b.element();
  if (!ea || !eb) return ea ? -1 : eb ? 1 : 0;
  return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/**
 * PDF (File › Export…): runs the view's report export, else the first chart's. HTML (File › Save as Interactive
 * Report): the view's report only — a chart's choices hold no HTML. Says which ran (null: nothing to run here).
 */
export function runMenuExport(format: ReportFormat = 'pdf'): MenuExportKind | null {
  const all = [...targets];
  const chosen =
    all.filter((t) => t.kind === 'report').sort(byPosition)[0] ??
    (format === 'pdf' ? all.filter((t) => t.kind === 'chart').sort(byPosition)[0] : undefined);
  if (!chosen) return null;
  chosen.run(format);
  return chosen.kind;
}

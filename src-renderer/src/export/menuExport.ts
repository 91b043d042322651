// File › Export (the desktop menu): the current view's export controls register here while they are on the page, and
// the menu runs the best one — the view's report (one PDF) when it has one, else the first chart's export menu.
import { getCurrentScope, onScopeDispose } from 'vue';

/** 'report': exports the whole view at once; 'chart': opens one chart's or table's export choices. */
export type MenuExportKind = 'report' | 'chart';

interface MenuExportTarget {
  kind: MenuExportKind;
  run: () => void;
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
  run: () => void,
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

/** Runs the view's report export, else the first chart's; says which ran (null: this view exports nothing). */
export function runMenuExport(): MenuExportKind | null {
  const all = [...targets];
  const chosen =
    all.filter((t) => t.kind === 'report').sort(byPosition)[0] ??
    all.filter((t) => t.kind === 'chart').sort(byPosition)[0];
  if (!chosen) return null;
  chosen.run();
  return chosen.kind;
}

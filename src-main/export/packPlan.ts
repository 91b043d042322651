// A report pack's plan: which nodes of the tree get a report (children, leaves or a level), each one's file name,
// and the index table that lists them with their key figures.
import type { ExportTable, TableCell, TreeItem } from '#shared/contract.ts';
import { exportFileName } from '#shared/charts/exportWords.ts';
import type { Figure } from '#shared/charts/overviewFigures.ts';

/** `children`: the nodes just below the root(s); `leaves`: every experience point below; `level`: depth N (0 = top). */
export type PackEach = { kind: 'children' } | { kind: 'leaves' } | { kind: 'level'; level: number };

export interface PackNode {
  experiencePointId: number;
  name: string;
  /** The names from the top of the tree down to the node's parent ("Company › Deutschland"). */
  path: string;
  /** The report's file name, e.g. overview_deutschland-10040_2026-10-01_2026-10-31.pdf. */
  fileName: string;
}

/** `children|leaves|level=N` → the choice, or null for anything else. */
export function parseEach(text: string): PackEach | null {
  if (text === 'children' || text === 'leaves') return { kind: text };
  const m = /^level=(\d{1,2})$/.exec(text);
  return m ? { kind: 'level', level: Number(m[1]) } : null;
}

/**
 * The nodes a pack covers, in the tree's order (parents first, then by name). `roots`: the chosen nodes (their
 * subtrees), or the tree's top nodes when none were chosen.
 */
export function packNodes(
  tree: readonly TreeItem[],
  each: PackEach,
  roots: readonly number[] | undefined,
  file: { view: string; from?: string; to?: string },
): PackNode[] {
  const byId = new Map(tree.map((t) => [t.experiencePointId, t]));
  const children = new Map<number, TreeItem[]>();
  for (const t of tree)
    if (t.parent !== null && byId.has(t.parent))
      children.set(t.parent, [...(children.get(t.parent) ?? []), t]);
  const depthOf = new Map<number, number>();
  const pathOf = new Map<number, string[]>();
  for (const t of tree) {
    // listTree gives parents before children, so a parent's depth and path are known here.
    const parent = t.parent === null ? undefined : byId.get(t.parent);
    depthOf.set(t.experiencePointId, parent ? (depthOf.get(parent.experiencePointId) ?? 0) + 1 : 0);
    pathOf.set(
      t.experiencePointId,
      parent ? [...(pathOf.get(parent.experiencePointId) ?? []), parent.name] : [],
    );
  }
  const tops =
    roots && roots.length > 0
      ? roots.flatMap((id) => byId.get(id) ?? [])
      : tree.filter((t) => t.parent === null || !byId.has(t.parent));
  const below = (t: TreeItem): TreeItem[] => [t, ...(children.get(t.experiencePointId) ?? []).flatMap(below)];
  const chosen = new Map<number, TreeItem>();
  for (const top of tops) {
    const subtree = below(top);
    const picked =
      each.kind === 'children'
        ? (children.get(top.experiencePointId) ?? [])
        : each.kind === 'leaves'
          ? subtree.filter((t) => !children.has(t.experiencePointId))
          : subtree.filter((t) => depthOf.get(t.experiencePointId) === each.level);
    for (const t of picked) chosen.set(t.experiencePointId, t);
  }
  const order = new Map(tree.map((t, i) => [t.experiencePointId, i]));
  return [...chosen.values()]
    .sort((a, b) => (order.get(a.experiencePointId) ?? 0) - (order.get(b.experiencePointId) ?? 0))
    .map((t) => ({
      experiencePointId: t.experiencePointId,
      name: t.name,
      path: (pathOf.get(t.experiencePointId) ?? []).join(' › '),
      fileName: exportFileName(
        {
          title: file.view,
          subtree: `${t.name} ${t.experiencePointId}`,
          ...(file.from !== undefined ? { from: file.from } : {}),
          ...(file.to !== undefined ? { to: file.to } : {}),
        },
        'pdf',
      ),
    }));
}

export interface IndexEntry {
  node: PackNode;
  figures: Figure[];
}

/**
 * The index: each node with its id, name, place in the tree, presses, the score with its 95% interval, the
 * positive share (promoters on NPS), the comparison period's values when compared, and its file.
 */
export function indexTable(
  title: string,
  entries: readonly IndexEntry[],
  labels: { score: string; positive: string },
  compared: boolean,
): ExportTable {
  const figure = (e: IndexEntry, key: Figure['key']): Figure | undefined =>
    e.figures.find((f) => f.key === key);
  const columns: ExportTable['columns'] = [
    { key: 'experiencePointId', label: 'Experience point id', type: 'number' },
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'path', label: 'In', type: 'text' },
    { key: 'presses', label: 'Presses', type: 'number' },
    { key: 'score', label: labels.score, type: 'number' },
    { key: 'scoreLow', label: `${labels.score} 95% low`, type: 'number' },
    { key: 'scoreHigh', label: `${labels.score} 95% high`, type: 'number' },
    { key: 'positive', label: labels.positive, type: 'number' },
    ...(compared
      ? ([
          { key: 'previousPresses', label: 'Presses, comparison period', type: 'number' },
          { key: 'previousScore', label: `${labels.score}, comparison period`, type: 'number' },
          { key: 'previousPositive', label: `${labels.positive}, comparison period`, type: 'number' },
        ] as const)
      : []),
    { key: 'file', label: 'File', type: 'text' },
  ];
  const rows = entries.map((e): TableCell[] => {
    const presses = figure(e, 'presses');
    const score = figure(e, 'score');
    const positive = figure(e, 'positive');
    return [
      e.node.experiencePointId,
      e.node.name,
      e.node.path,
      presses?.value ?? 0,
      score?.value ?? null,
      score?.low ?? null,
      score?.high ?? null,
      positive?.value ?? null,
      ...(compared ? [presses?.previous ?? null, score?.previous ?? null, positive?.previous ?? null] : []),
      e.node.fileName,
    ];
  });
  return { title, columns, rows };
}

/** The index as its PDF shows it: the columns a page has room for (ids, interval edges and files stay in the CSV). */
export function indexPdfTable(table: ExportTable): ExportTable {
  const shown = [
    'name',
    'path',
    'presses',
    'score',
    'positive',
    'previousPresses',
    'previousScore',
    'previousPositive',
  ];
  const at = table.columns.map((c, i) => [c, i] as const).filter(([c]) => shown.includes(c.key));
  return {
    title: table.title,
    columns: at.map(([c]) => c),
    rows: table.rows.map((r) => at.map(([, i]) => r[i] ?? null)),
  };
}

// Rule `local/no-cycle`: no import may close a cycle of modules, `import type` included.
import type { Rule } from 'eslint';
import { relative } from 'node:path';
import { onImports } from './imports.ts';
import { buildModuleGraph, modulesReaching, pathWithin } from './moduleGraph.ts';
import type { ModuleGraph } from './moduleGraph.ts';
import { readSubpathImports, resolveSpecifier } from './resolve.ts';

export interface CycleOptions {
  root: string;
  /** The folders whose modules make the graph, relative to the root. */
  folders: string[];
}

/**
 * The graph is kept for this long, then checked against the files' modification times (an editor's long-lived
 * process sees other files' saved edits); the linted file's own imports always come from its current text.
 */
const maxAgeMs = 15_000;
let cached: { key: string; at: number; graph: ModuleGraph } | undefined;

function graphFor(options: CycleOptions): ModuleGraph {
  const key = `${options.root}|${options.folders.join(',')}`;
  const now = performance.now();
  if (!cached || cached.key !== key || now - cached.at > maxAgeMs) {
    cached = { key, at: now, graph: buildModuleGraph(options.root, options.folders) };
  }
  return cached.graph;
}

export const noCycleRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between modules, type-only imports included.' },
    schema: [{ type: 'object' }],
    messages: {
      cycle:
        'This import closes a cycle: {{cycle}}. Move what both sides need into a module of its own (type-only imports count too).',
    },
  },
  create(context) {
    const options = context.options[0] as CycleOptions;
    const file = context.filename;
    const graph = graphFor(options);
    const reaching = modulesReaching(graph, file);
    if (reaching.size === 0) return {};
    const map = readSubpathImports(options.root);
    return onImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier, map);
      if (target === null || !reaching.has(target)) return;
      const cycle = [file, ...pathWithin(graph, target, file, reaching)].map((f) =>
        relative(options.root, f),
      );
      context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' → ') } });
    });
  },
};

// Rule `local/layers`: each folder of src-main imports only the layers its allow-list names (eslint.config.js).
import type { Rule } from 'eslint';
import { relative, sep } from 'node:path';
import { onImports } from './imports.ts';
import { readSubpathImports, resolveSpecifier } from './resolve.ts';

export interface LayerOptions {
  /** The repository root (absolute). */
  root: string;
  /** The folder whose top-level entries are layers, relative to the root: `src-main`. */
  folder: string;
  /** Layer → the layers it may import; a layer is a folder (`store`) or a file at the top (`services.ts`). */
  layers: Record<string, string[]>;
  /** Layers every layer may import. */
  everywhere: string[];
  /** What test code (`*.test.ts`, `*.bench.ts`, `testing/`) may import besides its layer's list; `*`: every layer. */
  tests: Record<string, string[]>;
}

/** The layer of a path under `folder`, or null when the path lies outside it. */
export function layerOf(root: string, folder: string, file: string): string | null {
  const rel = relative(`${root}${sep}${folder}`, file);
  if (rel.startsWith('..') || rel === '') return null;
  const top = rel.split(sep)[0] ?? '';
  // A test beside a top-level module belongs to that module's layer.
  return top === rel ? top.replace(/\.(test|bench)\.ts$/, '.ts') : top;
}

export function isTestCode(file: string): boolean {
  return /\.(test|bench)\.ts$/.test(file) || file.split(sep).includes('testing');
}

export const layersRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the layers of src-main: import only what the allow-list names.' },
    schema: [{ type: 'object' }],
    messages: {
      unlisted:
        "'{{folder}}/{{layer}}' has no entry in the layer allow-list (srcMainLayers in eslint.config.js): add one saying what it may import.",
      breaks: "'{{from}}' may not import '{{to}}' ({{specifier}}); '{{from}}' may import: {{allowed}}.",
    },
  },
  create(context) {
    const options = context.options[0] as LayerOptions;
    const file = context.filename;
    const from = layerOf(options.root, options.folder, file);
    if (from === null) return {};
    const own = options.layers[from];
    if (!own) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unlisted', data: { folder: options.folder, layer: from } });
        },
      };
    }
    const test = isTestCode(file);
    const allowed = new Set([from, ...own, ...options.everywhere]);
    if (test) for (const l of [...(options.tests['*'] ?? []), ...(options.tests[from] ?? [])]) allowed.add(l);
    const map = readSubpathImports(options.root);
    return onImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier, map);
      if (target === null) return;
      const to = layerOf(options.root, options.folder, target);
      if (to === null || allowed.has(to)) return;
      context.report({
        node,
        messageId: 'breaks',
        data: {
          from,
          to,
          specifier,
          allowed: [...allowed].filter((l) => l !== from).join(', ') || 'nothing',
        },
      });
    });
  },
};

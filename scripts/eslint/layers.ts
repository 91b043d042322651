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
  /** Layers that live outside `folder` (a workspace package): layer → its folder relative to the root. */
  packages?: Record<string, string>;
  /**
   * Layers only some files may import (tests always may): layer → path prefixes relative to `folder`
   * (`app/demo` covers app/demoProfile.ts and app/demoServiceThread.ts).
   */
  onlyFrom?: Record<string, string[]>;
}

/** The layer of a path under `folder`, or null when the path lies outside it. */
export function layerOf(root: string, folder: string, file: string): string | null {
  const rel = relative(`${root}${sep}${folder}`, file);
  if (rel.startsWith('..') || rel === '') return null;
  const top = rel.split(sep)[0] ?? '';
  // A test beside a top-level module belongs to that module's layer.
  return top === rel ? top.replace(/\.(test|bench)\.ts$/, '.ts') : top;
}

/** The layer an imported file belongs to: its top entry under `folder`, or the package it lies in. */
function targetLayer(options: LayerOptions, target: string): string | null {
  const inFolder = layerOf(options.root, options.folder, target);
  if (inFolder !== null) return inFolder;
  for (const [layer, dir] of Object.entries(options.packages ?? {})) {
    const rel = relative(`${options.root}${sep}${dir}`, target);
    if (!rel.startsWith('..') && rel !== '') return layer;
  }
  return null;
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
      narrow: "Only {{files}} and tests may import '{{to}}' ({{specifier}}).",
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
    const here = relative(`${options.root}${sep}${options.folder}`, file).split(sep).join('/');
    return onImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier, map);
      if (target === null) return;
      const to = targetLayer(options, target);
      if (to === null) return;
      const only = options.onlyFrom?.[to];
      if (allowed.has(to) && only && !test && !only.some((prefix) => here.startsWith(prefix))) {
        const files = only.map((p) => `${options.folder}/${p}`).join(', ');
        context.report({ node, messageId: 'narrow', data: { files, to, specifier } });
        return;
      }
      if (allowed.has(to)) return;
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

// The repository's import graph, type-only imports included, read from disk (again only where files changed).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { readSubpathImports, resolveSpecifier } from './resolve.ts';

export interface ModuleGraph {
  /** Every module's resolved imports inside the scanned folders. */
  edges: Map<string, string[]>;
  /** The modules that import each module. */
  importers: Map<string, string[]>;
}

const sourceFile = /\.(ts|mts|vue)$/;

function listFiles(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) listFiles(p, out);
    else if (sourceFile.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
}

/** The specifiers a module imports: static, `export … from`, `import type`, dynamic `import('…')`. */
export function importSpecifiers(file: string, text: string): string[] {
  const code = file.endsWith('.vue')
    ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n')
    : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

/** Each file's specifiers as of its modification time: a rebuild reads only the files that changed. */
const read = new Map<string, { mtimeMs: number; specifiers: string[] }>();

function specifiersOf(file: string): string[] {
  const mtimeMs = statSync(file).mtimeMs;
  const known = read.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.specifiers;
  const specifiers = importSpecifiers(file, readFileSync(file, 'utf8'));
  read.set(file, { mtimeMs, specifiers });
  return specifiers;
}

export function buildModuleGraph(root: string, folders: readonly string[]): ModuleGraph {
  const map = readSubpathImports(root);
  const files: string[] = [];
  for (const folder of folders) listFiles(join(root, folder), files);
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiersOf(file)) {
      const target = resolveSpecifier(file, spec, map);
      if (target && known.has(target) && target !== file) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  const importers = new Map<string, string[]>();
  for (const [from, targets] of edges)
    for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), from]);
  return { edges, importers };
}

/** Every module from which `file` can be reached by imports (not passing through `file`'s own imports). */
export function modulesReaching(graph: ModuleGraph, file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const node = queue.pop()!;
    for (const from of graph.importers.get(node) ?? []) {
      if (from === file || seen.has(from)) continue;
      seen.add(from);
      queue.push(from);
    }
  }
  return seen;
}

/** The shortest way from `from` back to `to` through `within`: the rest of the cycle an import closes. */
export function pathWithin(graph: ModuleGraph, from: string, to: string, within: Set<string>): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) break;
    for (const t of graph.edges.get(node) ?? []) {
      if (previous.has(t) || (t !== to && !within.has(t))) continue;
      previous.set(t, node);
      queue.push(t);
    }
  }
  const path = [to];
  while (path[0] !== from && previous.has(path[0]!)) path.unshift(previous.get(path[0]!)!);
  return path;
}

// Where an import specifier points in this repository: relative paths and the package's `#…` subpath imports.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The package.json "imports" map as prefix pairs (`#shared/` → `<root>/src-shared/`); only `*` patterns. */
export interface SubpathImports {
  root: string;
  prefixes: { from: string; to: string }[];
}

const read = new Map<string, SubpathImports>();

/** The map of `root`'s package.json, read once per process. */
export function readSubpathImports(root: string): SubpathImports {
  const known = read.get(root);
  if (known) return known;
  const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const imports = typeof pkg === 'object' && pkg !== null && 'imports' in pkg ? pkg.imports : undefined;
  const prefixes: { from: string; to: string }[] = [];
  if (typeof imports === 'object' && imports !== null) {
    for (const [key, target] of Object.entries(imports)) {
      if (typeof target !== 'string' || !key.endsWith('/*') || !target.endsWith('/*')) continue;
      prefixes.push({ from: key.slice(0, -1), to: resolve(root, target.slice(0, -1)) + '/' });
    }
  }
  const map = { root, prefixes };
  read.set(root, map);
  return map;
}

/** The absolute path an import names, or null for a package (`vue`, `node:fs`). */
export function resolveSpecifier(fromFile: string, specifier: string, map: SubpathImports): string | null {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return resolve(dirname(fromFile), specifier);
  if (specifier.startsWith('#')) {
    const hit = map.prefixes.find((p) => specifier.startsWith(p.from));
    return hit ? hit.to + specifier.slice(hit.from.length) : null;
  }
  return null;
}

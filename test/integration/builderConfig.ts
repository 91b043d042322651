// electron-builder.yml as data, and electron-builder 26's rules for what it packs and unpacks, for packaging.test.ts.
import { readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { parse } from 'yaml';

export const root = join(import.meta.dirname, '..', '..');

/** The targets the installers are built for: electron-builder's platform keys and its `${arch}` names. */
export const targets = [
  { os: 'linux', platform: 'linux', arch: 'x64' },
  { os: 'linux', platform: 'linux', arch: 'arm64' },
  { os: 'mac', platform: 'darwin', arch: 'x64' },
  { os: 'mac', platform: 'darwin', arch: 'arm64' },
  { os: 'win', platform: 'win32', arch: 'x64' },
  { os: 'win', platform: 'win32', arch: 'arm64' },
] as const;
export type Target = (typeof targets)[number];

export type Config = Record<string, unknown>;

/** Read with the `yaml` package (an exact devDependency, no dependencies of its own). */
export function readBuilderConfig(): Config {
  const config: unknown = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    throw new Error('electron-builder.yml is not a mapping');
  return config as Config;
}

export function section(config: Config, key: string): Config {
  const value = config[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return value as Config;
}

export function stringList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (typeof item !== 'string') throw new Error(`expected strings, found ${JSON.stringify(item)}`);
    return item;
  });
}

/**
 * electron-builder's macros in file patterns (app-builder-lib/out/util/macroExpander.js): `${arch}` and `${os}`
 * name the target. `${platform}` is the build machine's process.platform, not the target's, so it is refused here.
 */
export function expand(pattern: string, target: Target): string {
  return pattern.replace(/\$\{([^}]+)\}/g, (_match, name: string) => {
    if (name === 'arch') return target.arch;
    if (name === 'os') return target.os;
    throw new Error(`${pattern}: the macro \${${name}} does not name the target (use \${os} or \${arch})`);
  });
}

/** minimatch-all as in app-builder-lib/out/util/filter.js: later patterns override earlier ones, `!` excludes. */
function matchesAll(path: string, patterns: readonly string[]): boolean {
  let match = false;
  for (const pattern of patterns) {
    const negate = pattern.startsWith('!');
    if (match !== negate) continue;
    // A negated minimatch answers true for what it does not match.
    match = negate ? !matchesGlob(path, pattern.slice(1)) : matchesGlob(path, pattern);
  }
  return match;
}

/**
 * Whether electron-builder packs `path` (relative to the project, under node_modules/) for `target`: for
 * dependencies only the exclusions of the top-level and the platform's `files` count, after `**\/*`
 * (getNodeModuleFileMatcher in app-builder-lib/out/fileMatcher.js).
 */
export function packsModuleFile(config: Config, target: Target, path: string): boolean {
  const exclusions = [...stringList(config.files), ...stringList(section(config, target.os).files)]
    .filter((p) => p.startsWith('!'))
    .map((p) => expand(p, target));
  return matchesAll(path, ['**/*', ...exclusions]);
}

/** Whether `path` (relative to the project, outside node_modules) is among the app's own files for `target`. */
export function packsAppFile(config: Config, target: Target, path: string): boolean {
  const patterns = [...stringList(config.files), ...stringList(section(config, target.os).files)].map((p) =>
    expand(p, target),
  );
  // getMainFileMatchers leaves out node_modules and the build resources' folder, after the last `**/` pattern.
  const resources = String(section(config, 'directories').buildResources ?? 'build');
  const defaults = ['!**/node_modules/**', `!${resources}`, `!${resources}/**`];
  const after = patterns.findLastIndex((p) => p.startsWith('**/')) + 1;
  return matchesAll(path, [...patterns.slice(0, after), ...defaults, ...patterns.slice(after)]);
}

/** Whether `path` lands in app.asar.unpacked (asarUnpack globs; electron-builder also unpacks every .node). */
export function unpacks(config: Config, target: Target, path: string): boolean {
  return stringList(config.asarUnpack).some((glob) => matchesGlob(path, expand(glob, target)));
}

/**
 * The packages (bare specifiers, by package name) the built modules reachable from `entries` import: static and
 * dynamic imports of the bundle's own chunks are followed, `node:` built-ins left out.
 */
export function importedPackages(dir: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(dir, file), 'utf8');
    const specifiers = source.matchAll(
      /\b(?:import|export)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    );
    for (const match of specifiers) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (specifier.startsWith('./')) visit(specifier.slice(2));
      // Only what can name a package: a pattern in a comment or a string is no import.
      else if (/^(@[\w.-]+\/)?[\w.-]+(\/[\w./-]*)?$/.test(specifier) && !specifier.startsWith('.'))
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  };
  for (const entry of entries) visit(entry);
  return [...packages].sort();
}

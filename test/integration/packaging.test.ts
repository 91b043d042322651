// The installers' configuration against the code and node_modules: what native code opens is unpacked, one
// platform's prebuilds are packed, fuses, signing, the window icon, the Linux sandbox. No installer is built here
// (electron-builder downloads Electron); the rules of electron-builder 26 it relies on are in builderConfig.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFontModules, exportFonts } from '../../src-main/export/fonts.ts';
import { htmlReportRuntime, htmlRuntimeFileName } from '../../src-main/export/htmlRuntime.ts';
import { buildHtmlReportRuntime } from '../../scripts/htmlReportRuntime.ts';
import { windowIconFile, windowIconPath } from '../../src-main/shell/windowIcon.ts';
import {
  importedPackages,
  packsAppFile,
  packsModuleFile,
  readBuilderConfig,
  root,
  section,
  stringList,
  targets,
  unpacks,
  type Target,
} from './builderConfig.ts';

const config = readBuilderConfig();
const requireFrom = createRequire(join(root, 'package.json'));
/** A package's folder: npm's flat node_modules first (some packages, like tslib, export no `./package.json`). */
const packageDir = (name: string): string => {
  const flat = join(root, 'node_modules', name);
  return existsSync(join(flat, 'package.json')) ? flat : dirname(requireFrom.resolve(`${name}/package.json`));
};
const host = targets.find((t) => t.platform === process.platform && t.arch === process.arch);

/** Every file under `dir`, as a project-relative path below node_modules/<name>/. */
function moduleFiles(name: string): string[] {
  const dir = packageDir(name);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return files.map((e) =>
    join('node_modules', name, relative(dir, join(e.parentPath, e.name))).replaceAll('\\', '/'),
  );
}

/** node_modules/<a>/<b>… of a resolved path (resolution follows symlinks, so the project prefix may differ). */
function underNodeModules(path: string): string {
  const posix = path.replaceAll('\\', '/');
  return posix.slice(posix.lastIndexOf('node_modules/'));
}

describe('what native code opens is unpacked from app.asar', () => {
  it('every file the export fonts resolve to is packed and unpacked, for every target', () => {
    // The paths the code hands to resvg and pdfkit, from the code itself (fonts.ts), not from a list of ours.
    const opened = Object.values(exportFonts()).map(underNodeModules);
    expect(opened.sort()).toEqual(
      Object.values(exportFontModules)
        .map((m) => `node_modules/${m}`)
        .sort(),
    );
    for (const target of targets)
      for (const file of opened) {
        expect(packsModuleFile(config, target, file), `${file} packed for ${target.os}-${target.arch}`).toBe(
          true,
        );
        expect(unpacks(config, target, file), `${file} unpacked for ${target.os}-${target.arch}`).toBe(true);
      }
  });

  it('the fonts the exports do not use are left out (the package holds 22 TrueType files)', () => {
    const ttf = moduleFiles('dejavu-fonts-ttf').filter((f) => f.endsWith('.ttf'));
    expect(ttf.length).toBe(22);
    const packed = ttf.filter((f) => packsModuleFile(config, targets[0], f));
    expect(packed.sort()).toEqual(
      Object.values(exportFontModules)
        .map((m) => `node_modules/${m}`)
        .sort(),
    );
    // Bitstream Vera's licence asks for its notice to travel with the fonts.
    expect(packsModuleFile(config, targets[0], 'node_modules/dejavu-fonts-ttf/LICENSE')).toBe(true);
  });

  it('the emulator workspace package is left out of node_modules (the demo has it bundled in out/main)', () => {
    const file = 'node_modules/@feedback-desk/emulator/src/index.ts';
    for (const target of targets) expect(packsModuleFile(config, target, file), target.os).toBe(false);
  });

  it('every native module packed for this machine is unpacked (and the thread modules and migrations with out/main)', () => {
    expect(host, `no installer target for ${process.platform}-${process.arch}`).toBeDefined();
    const target = host as Target;
    const modules = ['better-sqlite3', 'keytar', '@resvg/resvg-js', ...resvgPlatformPackages().installed];
    const native = modules.flatMap(moduleFiles).filter((f) => f.endsWith('.node'));
    const packed = native.filter((f) => packsModuleFile(config, target, f));
    expect(packed.length).toBeGreaterThanOrEqual(3); // better-sqlite3, keytar, resvg
    for (const file of packed) expect(unpacks(config, target, file), file).toBe(true);
    for (const file of ['out/main/index.js', 'out/main/migrations/0001_initial.sql'])
      expect(unpacks(config, target, file), file).toBe(true);
  });
});

describe('the interactive HTML report’s script', () => {
  it('is built from the sources the same way twice, stays a minimal ECharts (< 1 MB), and is packed with out/main', async () => {
    // One build in this process, one by the script in a child process (the one the sources use, cached).
    const built = await buildHtmlReportRuntime(root);
    expect(built).toBe(await htmlReportRuntime());
    expect(Buffer.byteLength(built)).toBeLessThan(1_000_000);
    for (const target of targets)
      expect(packsAppFile(config, target, `out/main/${htmlRuntimeFileName}`), target.os).toBe(true);
  }, 120_000);
});

describe('the worker threads run from app.asar.unpacked', () => {
  /** Listed in a package's dependencies but never loaded at run time. */
  const buildOnly = new Set(['node-addon-api']); // C++ headers for compiling better-sqlite3

  /** `names` and everything they depend on (dependencies, and optional ones npm installed here). */
  function withDependencies(names: readonly string[]): string[] {
    const all = new Set<string>();
    const add = (name: string): void => {
      if (all.has(name) || buildOnly.has(name)) return;
      all.add(name);
      const manifest = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
      };
      for (const dependency of Object.keys(manifest.dependencies ?? {})) add(dependency);
      for (const optional of Object.keys(manifest.optionalDependencies ?? {}))
        if (existsSync(join(root, 'node_modules', optional))) add(optional);
    };
    for (const name of names) add(name);
    return [...all].sort();
  }

  it('every package the built thread entries import, with its dependencies, is unpacked beside them', () => {
    // threadModule.ts loads the entries from app.asar.unpacked/out/main, and Node looks for their packages in
    // app.asar.unpacked/node_modules only (app.asar is no parent folder of theirs). The built code is what ships.
    const outMain = join(root, 'out', 'main');
    if (!existsSync(outMain)) throw new Error(`${outMain} is missing: run \`npx electron-vite build\` first`);
    const entries = readdirSync(outMain).filter((f) => f.endsWith('Thread.js'));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const imported = importedPackages(outMain, entries);
    expect(imported).toContain('better-sqlite3');
    const target = host as Target;
    const missing = withDependencies(imported).filter(
      (name) => !unpacks(config, target, `node_modules/${name}/package.json`),
    );
    expect(missing, `imported by the threads: ${imported.join(', ')}`).toEqual([]);
  });
});

/** resvg's platform packages: every one it names (optionalDependencies) and those npm installed here. */
function resvgPlatformPackages(): { all: string[]; installed: string[] } {
  const manifest = JSON.parse(readFileSync(join(packageDir('@resvg/resvg-js'), 'package.json'), 'utf8')) as {
    optionalDependencies: Record<string, string>;
  };
  const all = Object.keys(manifest.optionalDependencies);
  return { all, installed: all.filter((name) => existsSync(join(root, 'node_modules', name))) };
}

describe('only the target platform’s native code is packed', () => {
  it('better-sqlite3: of the eight prebuilds in its package, exactly the target’s one; no SQLite sources', () => {
    const files = moduleFiles('better-sqlite3');
    const prebuilds = files.filter((f) => f.startsWith('node_modules/better-sqlite3/prebuilds/'));
    expect(prebuilds.length).toBe(8);
    for (const target of targets) {
      // Expected by name: better-sqlite3's lib/<platform>-<arch>.js loads prebuilds/<platform>-<arch>.node.
      const expected = `node_modules/better-sqlite3/prebuilds/${target.platform}-${target.arch}.node`;
      expect(prebuilds).toContain(expected);
      expect(prebuilds.filter((f) => packsModuleFile(config, target, f))).toEqual([expected]);
      const sources = files.filter((f) => /\/(deps|src)\//.test(f));
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((f) => packsModuleFile(config, target, f))).toEqual([]);
      expect(packsModuleFile(config, target, 'node_modules/better-sqlite3/lib/index.js')).toBe(true);
    }
  });

  it('resvg: of its platform packages, only the target’s (glibc on Linux, MSVC on Windows)', () => {
    const { all, installed } = resvgPlatformPackages();
    expect(all.length).toBeGreaterThanOrEqual(12);
    const names: Record<string, string> = {
      linux: 'linux-ARCH-gnu',
      darwin: 'darwin-ARCH',
      win32: 'win32-ARCH-msvc',
    };
    for (const target of targets) {
      const wanted = `@resvg/resvg-js-${(names[target.platform] ?? '').replace('ARCH', target.arch)}`;
      expect(all).toContain(wanted);
      const packed = all.filter((name) =>
        packsModuleFile(config, target, `node_modules/${name}/package.json`),
      );
      expect(packed, `${target.os}-${target.arch}`).toEqual([wanted]);
      expect(packsModuleFile(config, target, 'node_modules/@resvg/resvg-js/index.js')).toBe(true);
    }
    // The one npm installed on this machine is kept for this machine's installer (else PNG export cannot load).
    const target = host as Target;
    expect(
      installed.filter((name) => packsModuleFile(config, target, `node_modules/${name}/package.json`)),
    ).toEqual(
      installed.filter(
        (name) => name.includes(`${process.platform}-${process.arch}`) && !name.endsWith('musl'),
      ),
    );
  });

  it('keytar: its one binary, built on this machine by npm, is packed; its C++ sources are not', () => {
    const files = moduleFiles('keytar');
    const target = host as Target;
    // node-gyp leaves a second copy under obj.target; lib/keytar.js loads build/Release/keytar.node.
    const packed = files.filter((f) => packsModuleFile(config, target, f));
    expect(packed.filter((f) => f.endsWith('.node'))).toEqual([
      'node_modules/keytar/build/Release/keytar.node',
    ]);
    expect(files.filter((f) => f.includes('/src/')).length).toBeGreaterThan(0);
    expect(packed.filter((f) => f.includes('/src/') || f.includes('/obj.target/'))).toEqual([]);
    expect(packed).toContain('node_modules/keytar/lib/keytar.js');
  });
});

describe('Electron fuses', () => {
  it('no running as Node, no NODE_OPTIONS, no --inspect; asar integrity on; the app only from app.asar', () => {
    const fuses = section(config, 'electronFuses');
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    // Integrity needs the hash electron-builder embeds, which asar.disableIntegrity would drop; and an archive.
    expect(config.asar).toBe(true);
  });

  it('nothing in the app relies on what the fuses turn off', () => {
    const offenders = sourceFiles().filter((file) =>
      /ELECTRON_RUN_AS_NODE|NODE_OPTIONS|--inspect/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

/** The code the desktop app runs: main (without tests and the CLI), preload, shared (the emulator is packages/emulator). */
function sourceFiles(): string[] {
  return ['src-main', 'src-preload', 'src-shared']
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
        .map((e) => relative(root, join(e.parentPath, e.name)).replaceAll('\\', '/')),
    )
    .filter((file) => !file.startsWith('src-main/cli/'));
}

describe('the window icon', () => {
  it('Linux and Windows windows get resources/icon.png, which is packed; macOS uses the bundle icon', () => {
    expect(windowIconPath('/app', 'darwin')).toBeNull();
    expect(windowIconPath('/opt/x/resources/app.asar', 'linux')).toBe(
      join('/opt/x/resources/app.asar', windowIconFile),
    );
    for (const target of targets) expect(packsAppFile(config, target, windowIconFile)).toBe(true);
    const png = readFileSync(join(root, windowIconFile));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(256); // IHDR width
    // The other build resources stay out of the archive (electron-builder's default for directories.buildResources).
    expect(packsAppFile(config, targets[0], 'resources/icon.svg')).toBe(false);
    expect(packsAppFile(config, targets[0], 'out/renderer/index.html')).toBe(true);
  });
});

describe('macOS signing', () => {
  it('ad-hoc signed at least, under the hardened runtime with the entitlements ad hoc needs; notarisation documented', () => {
    const mac = section(config, 'mac');
    expect(mac.identity).toBe('-');
    expect(mac.hardenedRuntime).toBe(true);
    const entitlements = readFileSync(join(root, String(mac.entitlements)), 'utf8');
    for (const key of ['allow-jit', 'disable-library-validation'])
      expect(entitlements).toContain(`<key>com.apple.security.cs.${key}</key>`);
    const docs = readFileSync(join(root, 'docs', 'PACKAGING.md'), 'utf8');
    expect(docs).toMatch(/notari[sz]/i);
    expect(docs).toContain('APPLE_API_KEY');
  });
});

describe('the Linux sandbox', () => {
  it('the app never turns the Chromium sandbox off: not in the code, the launcher, the config or package.json', () => {
    const files = [
      ...sourceFiles(),
      'scripts/start.js',
      'scripts/startPlan.ts',
      'electron-builder.yml',
      'package.json',
    ];
    const offenders = files.filter((file) =>
      /no-sandbox|disable-setuid-sandbox|no-zygote-sandbox|ELECTRON_DISABLE_SANDBOX/.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
    expect(stringList(section(config, 'linux').executableArgs)).toEqual([]);
  });

  it('the deb keeps electron-builder 26’s AppArmor profile (no install scripts or profile of our own)', () => {
    const deb = section(config, 'deb');
    expect(deb.afterInstall).toBeUndefined();
    expect(deb.appArmorProfile).toBeUndefined();
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    // 26.x writes /etc/apparmor.d/<executable> with `userns` from its deb's after-install (docs/PACKAGING.md).
    expect(scripts.dist).toMatch(/electron-builder@26\.\d+\.\d+/);
    expect(stringList(section(config, 'linux').target)).toContain('deb');
    // What electron-builder's deb refuses to build without (FpmTarget.computeFpmMetaInfoOptions): an address, and a
    // maintainer (else the author's e-mail, which package.json does not give).
    expect(String(section(config, 'extraMetadata').homepage)).toMatch(/^https:\/\//);
    expect(section(config, 'linux').maintainer).toBeTruthy();
  });
});

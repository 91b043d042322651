// `npm run dist:check`: runs the real electron-builder (26.17.0, as `npm run dist`) on this machine's Linux app folder
// with a stand-in for the Electron binary (only its fuse wire: Electron's download may be out of reach), then checks
// what it packed: one platform's native code, everything native code opens unpacked, the fuses, the window icon,
// that resvg from the packed app draws text with the font path fonts.ts hands it, and that every worker-thread
// entry loads from app.asar.unpacked with the packages found there. Needs the npm registry only.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { unpackedPath } from '../src-main/export/fonts.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builder = 'electron-builder@26.17.0';
const arch = process.arch;
const work = mkdtempSync(path.join(tmpdir(), 'feedback-desk-dist-check-'));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// The fuse wire as Electron carries it (@electron/fuses: sentinel, version 1, length, one byte per fuse), with
// Electron's defaults: RunAsNode, NODE_OPTIONS, --inspect and file:// privileges on, the others off.
const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const fuseNames = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
];
const electronDist = path.join(work, 'electron');
mkdirSync(electronDist);
writeFileSync(
  path.join(electronDist, 'electron'),
  Buffer.concat([
    Buffer.from('stand-in for the Electron binary\n'),
    Buffer.from(sentinel),
    Buffer.from([1, 8]),
    Buffer.from('10110001'),
  ]),
  { mode: 0o755 },
);
for (const file of ['chrome-sandbox', 'LICENSE', 'LICENSES.chromium.html'])
  writeFileSync(path.join(electronDist, file), '');

function run(command, args) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `dist:check: ${path.basename(command)} failed (exit ${result.status ?? result.signal}); nothing checked.`,
    );
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
}

// `--no-build`: check the out/ that is there (e.g. built by the same commit a moment ago).
if (!process.argv.includes('--no-build'))
  run(process.execPath, [
    path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]);
const output = path.join(work, 'dist');
run('npx', [
  '--yes',
  builder,
  '--config',
  'electron-builder.yml',
  '--linux',
  'dir',
  `--${arch}`,
  `-c.electronDist=${electronDist}`,
  `-c.directories.output=${output}`,
]);

const appDir = path.join(output, arch === 'x64' ? 'linux-unpacked' : `linux-${arch}-unpacked`);
const resources = path.join(appDir, 'resources');

/** The archive's file list, from its header (pickled: sizes at 0..15, then the JSON; the files after it). */
function asarFiles(file) {
  const buffer = readFileSync(file);
  const base = 8 + buffer.readUInt32LE(4);
  const read = (entry) =>
    buffer.subarray(base + Number(entry.offset), base + Number(entry.offset) + entry.size);
  const header = JSON.parse(buffer.subarray(16, 16 + buffer.readUInt32LE(12)).toString('utf8'));
  const files = new Map();
  const walk = (node, prefix) => {
    for (const [name, entry] of Object.entries(node.files ?? {})) {
      const p = prefix ? `${prefix}/${name}` : name;
      if (entry.files) walk(entry, p);
      else files.set(p, { ...entry, read: () => read(entry) });
    }
  };
  walk(header, '');
  return files;
}

const packed = asarFiles(path.join(resources, 'app.asar'));
const unpacked = [...packed].filter(([, entry]) => entry.unpacked).map(([p]) => p);
const natives = [...packed.keys()].filter((p) => p.endsWith('.node'));
const expectedNatives = [
  `node_modules/@resvg/resvg-js-linux-${arch}-gnu/resvgjs.linux-${arch}-gnu.node`,
  `node_modules/better-sqlite3/prebuilds/linux-${arch}.node`,
  'node_modules/keytar/build/Release/keytar.node',
];
check(
  JSON.stringify(natives.sort()) === JSON.stringify(expectedNatives),
  `native code packed: ${natives.join(', ')}`,
);
check(
  natives.every((p) => unpacked.includes(p) && existsSync(path.join(resources, 'app.asar.unpacked', p))),
  'every native module unpacked',
);
const fonts = [...packed.keys()].filter((p) => p.endsWith('.ttf'));
check(
  fonts.length === 2 && fonts.every((p) => existsSync(path.join(resources, 'app.asar.unpacked', p))),
  `export fonts packed and unpacked: ${fonts.join(', ')}`,
);
check(packed.has('resources/icon.png'), 'window icon resources/icon.png in app.asar');
const manifest = JSON.parse(packed.get('package.json').read().toString('utf8'));
check(
  manifest.main === 'out/main/index.js' && manifest.desktopName === 'feedback-desk.desktop',
  `packed package.json: main ${manifest.main}, desktopName ${manifest.desktopName}`,
);
check(
  readdirSync(path.join(resources, 'app.asar.unpacked', 'out', 'main')).some((f) => f.endsWith('.js')),
  'out/main unpacked (worker threads, migrations)',
);
const sources = [...packed.keys()].filter((p) =>
  /^node_modules\/(better-sqlite3\/(deps|src)|keytar\/src)\/|\/obj\.target\//.test(p),
);
check(
  sources.length === 0,
  `no SQLite or keytar sources, no obj.target${sources.length ? `: ${sources[0]} …` : ''}`,
);

const binary = readFileSync(path.join(appDir, 'feedback-desk'));
const wire = binary
  .subarray(binary.indexOf(sentinel) + sentinel.length + 2)
  .subarray(0, 8)
  .toString('latin1');
const fuses = fuseNames.map((name, i) => `${name}=${wire[i] === '1' ? 'on' : 'off'}`).join(' ');
check(wire === '01001100', `fuses: ${fuses}`);

// resvg as the packaged app loads it, given the font path fonts.ts derives from a path inside app.asar.
const requireFrom = createRequire(
  path.join(resources, 'app.asar.unpacked', 'node_modules', '@resvg', 'resvg-js', 'index.js'),
);
const { Resvg } = requireFrom('./index.js');
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><text x="10" y="40" font-size="28">Feedback 123</text></svg>';
const inArchive = path.join(
  resources,
  'app.asar',
  'node_modules',
  'dejavu-fonts-ttf',
  'ttf',
  'DejaVuSans.ttf',
);
const darkPixels = (font) => {
  const png = PNG.sync.read(
    new Resvg(svg, {
      background: '#fff',
      font: { loadSystemFonts: false, fontFiles: [font], defaultFontFamily: 'DejaVu Sans' },
    })
      .render()
      .asPng(),
  );
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] < 128) dark++;
  return dark;
};
check(darkPixels(inArchive) === 0, 'resvg draws no text from a font path inside app.asar (the bug)');
check(
  darkPixels(unpackedPath(inArchive)) > 500,
  'resvg draws the text from the path fonts.ts hands it (app.asar.unpacked)',
);

// The worker threads run from app.asar.unpacked (threadModule.ts), where Node finds only the unpacked packages:
// load each thread entry there as the app does; a missing package is ERR_MODULE_NOT_FOUND.
/** Resolves with the load error of `file` in a worker (null when it linked: later errors are the entry's own). */
function loadError(file) {
  const code = `import(${JSON.stringify(pathToFileURL(file).href)}).then(
    () => process.exit(0),
    (e) => { if (e instanceof SyntaxError || /^ERR_(MODULE|PACKAGE|IMPORT|REQUIRE)/.test(String(e?.code ?? ''))) throw e; process.exit(0); });`;
  return new Promise((resolve) => {
    const worker = new Worker(code, { eval: true, workerData: null, stdout: true, stderr: true });
    worker.once('error', (error) => resolve(String(error.message)));
    worker.once('exit', () => resolve(null));
  });
}
const unpackedMain = path.join(resources, 'app.asar.unpacked', 'out', 'main');
for (const entry of readdirSync(unpackedMain).filter((f) => f.endsWith('Thread.js'))) {
  const error = await loadError(path.join(unpackedMain, entry));
  check(error === null, `thread ${entry} loads from app.asar.unpacked${error ? `: ${error}` : ''}`);
}

rmSync(work, { recursive: true, force: true });
console.log(
  failures.length === 0
    ? 'dist:check: all checks passed.'
    : `dist:check: ${failures.length} check(s) failed.`,
);
process.exit(failures.length === 0 ? 0 : 1);

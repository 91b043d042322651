// After `npm ci`: the Electron download's outcome and reason in one line (scripts/postinstall.js), kept for
// `npm start` to repeat. Real child processes against real servers on 127.0.0.1 that fail the way networks do; the
// project is a scratch copy of the scripts with its own copy of the electron package (never the shared one).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const electronPackage = JSON.parse(
  readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
) as {
  version: string;
};
const version = electronPackage.version;
let project = '';
const notePath = (): string =>
  join(project, 'node_modules', '.cache', 'feedback-desk', 'electron-install.json');

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'fd-electron-install-'));
  mkdirSync(join(project, 'scripts'));
  for (const file of [
    'postinstall.js',
    'electronFetchCause.js',
    'electronInstallNote.js',
    'start.js',
    'startPlan.ts',
    'linuxSandbox.ts',
  ])
    cpSync(join(root, 'scripts', file), join(project, 'scripts', file));
  cpSync(join(root, 'package.json'), join(project, 'package.json'));
  symlinkSync(join(root, 'src-main'), join(project, 'src-main'));
  // The electron package as npm installs it, without a binary even where the shared one has it.
  const electron = join(project, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  for (const file of ['package.json', 'index.js', 'install.js', 'cli.js', 'checksums.json'])
    cpSync(join(root, 'node_modules', 'electron', file), join(electron, file));
  symlinkSync(join(root, 'node_modules', '@electron'), join(project, 'node_modules', '@electron'));
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

beforeEach(() => rmSync(notePath(), { force: true }));

/** The child's environment: no proxy, mirror or npm settings from outside; Electron's cache inside the project. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/proxy|^npm_|^electron_|^ELECTRON_|^FEEDBACK_DESK_|^NODE_OPTIONS$/i.test(key),
    ),
  );
  return { ...clean, NO_PROXY: '', electron_config_cache: join(project, 'electron-cache'), ...extra };
}

/** Runs a script of the scratch project to its end (asynchronously: the servers above answer from this process). */
async function run(
  script: string,
  extra: Record<string, string>,
): Promise<{ status: number | null; lines: string[] }> {
  const child = spawn(process.execPath, [join(project, 'scripts', script)], {
    cwd: project,
    env: env(extra),
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { status, lines: output.split('\n').filter((l) => l.trim().length > 0) };
}

function keptReason(): unknown {
  return (JSON.parse(readFileSync(notePath(), 'utf8')) as { reason: unknown }).reason;
}

/** A server on 127.0.0.1 answering with `handle`; resolves with it and its base URL. */
async function listen(handle: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));
/** The file @electron/get asks for, by its documented naming: v<version>/electron-v<version>-<platform>-<arch>.zip. */
const artifact = `/v${version}/electron-v${version}-${process.platform}-${process.arch}.zip`;

describe('postinstall: the Electron download in one line', () => {
  it('a mirror answering 404: says so with the address, names the mirror, exits 0, keeps the reason', async () => {
    const asked: string[] = [];
    const { server, url } = await listen((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(404).end();
    });
    try {
      const { status, lines } = await run('postinstall.js', { ELECTRON_MIRROR: url });
      expect(status).toBe(0);
      expect(asked).toEqual([artifact]);
      expect(lines).toEqual([
        `feedback-desk: Electron ${version} is not installed: the download failed (Response code 404 (Not Found) for ${url.slice(0, -1)}${artifact}). Only web mode works on this machine (\`npm start\`); \`npx install-electron\` retries the download (ELECTRON_MIRROR=${url} has no Electron ${version}).`,
      ]);
      expect(keptReason()).toBe(
        `the download failed (Response code 404 (Not Found) for ${url.slice(0, -1)}${artifact})`,
      );
    } finally {
      await close(server);
    }
  });

  it('no server listening: the refused connection, with the proxy advice', async () => {
    const { server, url } = await listen(() => {});
    await close(server); // the port is free again: nothing answers there
    const { status, lines } = await run('postinstall.js', { ELECTRON_MIRROR: url });
    expect(status).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^feedback-desk: Electron ${version.replaceAll('.', '\\.')} is not installed: the download failed: the connection was refused \\(fetch failed: .*ECONNREFUSED.*\\)\\. Only web mode works on this machine \\(\`npm start\`\\); \`npx install-electron\` retries the download \\(behind a proxy: HTTPS_PROXY=http://host:port NODE_USE_ENV_PROXY=1 npx install-electron\\)\\.$`,
      ),
    );
    expect(keptReason()).toMatch(
      /^the download failed: the connection was refused \(fetch failed: .*ECONNREFUSED/,
    );
  });

  it('a download that never answers is given up after the time allowed, and says so', async () => {
    const sockets = new Set<Socket>();
    const { server, url } = await listen(() => {}); // takes the request, never answers
    server.on('connection', (socket) => sockets.add(socket));
    try {
      const { status, lines } = await run('postinstall.js', {
        ELECTRON_MIRROR: url,
        FEEDBACK_DESK_ELECTRON_DOWNLOAD_TIMEOUT: '3',
      });
      expect(status).toBe(0);
      expect(lines).toEqual([
        `feedback-desk: Electron ${version} is not installed: the download did not finish within 3 s. Only web mode works on this machine (\`npm start\`); \`npx install-electron\` retries the download (behind a proxy: HTTPS_PROXY=http://host:port NODE_USE_ENV_PROXY=1 npx install-electron).`,
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await close(server);
    }
  });

  it('npm’s proxy setting is used for the download (the proxy sees the CONNECT to github.com)', async () => {
    const connects: string[] = [];
    const { server, url } = await listen((_request, response) => response.writeHead(405).end());
    server.on('connect', (request, socket: Socket) => {
      connects.push(request.url ?? '');
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    try {
      // With a user and password in the setting, which the message must not repeat.
      const withLogin = url.replace('http://', 'http://alice:s3cret@');
      const { status, lines } = await run('postinstall.js', { npm_config_https_proxy: withLogin });
      expect(status).toBe(0);
      expect(connects).toEqual(['github.com:443']);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `Electron ${version} is not installed: the download through the proxy ${url.slice(0, -1)} failed (`,
      );
      expect(lines[0]).not.toContain('s3cret');
      expect(lines[0]).not.toContain('alice');
    } finally {
      await close(server);
    }
  });

  it('skipped on purpose: says how to get it later', async () => {
    const { status, lines } = await run('postinstall.js', { FEEDBACK_DESK_SKIP_ELECTRON_DOWNLOAD: '1' });
    expect(status).toBe(0);
    expect(lines).toEqual([
      `feedback-desk: Electron ${version} is not installed: its download was skipped (FEEDBACK_DESK_SKIP_ELECTRON_DOWNLOAD is set). Only web mode works (\`npm start\`); \`npx install-electron\` retries the download.`,
    ]);
    expect(existsSync(join(project, 'node_modules', 'electron', 'path.txt'))).toBe(false);
  });
});

describe('npm start without Electron', () => {
  it('repeats the reason postinstall kept, before it builds', async () => {
    const { server, url } = await listen((_request, response) => response.writeHead(404).end());
    try {
      await run('postinstall.js', { ELECTRON_MIRROR: url });
    } finally {
      await close(server);
    }
    const reason = keptReason();
    // The scratch project has no electron-vite, so the build after the note fails: only the note is under test.
    const { lines } = await run('start.js', {});
    expect(lines[0]).toBe(
      `Electron is not installed on this machine (${String(reason)}; \`npx install-electron\` retries the download), so Feedback Desk starts in web mode: open the URL printed below.`,
    );
    expect(lines[1]).toBe('Building Feedback Desk…');
  });

  it('without a kept reason (scripts skipped at install) says the download did not run', async () => {
    const { lines } = await run('start.js', {});
    expect(lines[0]).toBe(
      'Electron is not installed on this machine (its download did not run; `npx install-electron` retries the download), so Feedback Desk starts in web mode: open the URL printed below.',
    );
    expect(dirname(notePath())).toContain(project);
  });
});

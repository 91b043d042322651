// HTTPS end to end at the command line (`bin/feedback-desk.js` in a child process, as users run it): the emulator
// serves HTTPS with a certificate from a CA made for this test; v2 and v1 sync over it with gzip, directly and
// through a real proxy (Debian's tinyproxy) named in HTTPS_PROXY; a CA nobody trusts is refused with one sentence.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCa, opensslAvailable } from '../../src-main/api/testing/testCa.ts';
import type { TestCa } from '../../src-main/api/testing/testCa.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator, ServedAnswer } from '#emulator/index.ts';
import { COMPRESSION_THRESHOLD } from '#emulator/http/server.ts';
import { PRESS_MISUSE } from '#emulator/world/types.ts';
import { freePort, startTinyproxy, tinyproxyPath } from './tinyproxySupport.ts';
import type { Tinyproxy } from './tinyproxySupport.ts';

const ready = opensslAvailable() && tinyproxyPath !== undefined;
if (!ready)
  console.warn(
    'network-https: skipped, it needs the openssl CLI and tinyproxy (apt-get install openssl tinyproxy)',
  );

// 127.0.0.2 for the service, 127.0.0.3 for the proxy's outgoing side: all on this machine, and an answer's
// remote address tells whether the request came through the proxy.
const serviceHost = '127.0.0.2';
const proxyOutgoing = '127.0.0.3';
const worldNow = new Date('2026-11-21T14:00:00Z');
const window = ['--since', '2019-11-01', '--until', '2026-11-23'];

let dir: string;
let ca: TestCa;
let emulator: RunningEmulator;
const answers: ServedAnswer[] = [];
let proxy: Tinyproxy;
let proxyPort = 0;
let closedPort = 0;
const proxyLog = (): string => proxy.log();

beforeAll(async () => {
  if (!ready) return;
  dir = mkdtempSync(join(tmpdir(), 'fd-https-'));
  ca = makeTestCa([serviceHost]);
  emulator = await startEmulator({
    port: 0,
    host: serviceHost,
    seed: 3,
    size: 'tiny',
    now: worldNow,
    tls: { cert: ca.certPem, key: ca.keyPem },
    onAnswer: (a) => void answers.push(a),
  });
  // A port with nothing behind it that the proxy may not tunnel to (not in its ConnectPort list).
  closedPort = await freePort(serviceHost);
  proxy = await startTinyproxy({ dir, connectPorts: [new URL(emulator.url).port], bind: proxyOutgoing });
  proxyPort = proxy.port;
}, 60_000);

afterAll(async () => {
  if (!ready) return;
  proxy?.stop();
  await emulator.close();
  ca.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** `feedback-desk sync` in a child process, with the demo credentials and the given environment. */
async function cliSync(
  db: string,
  baseUrl: string,
  env: Record<string, string>,
  extra: string[] = [],
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    [
      'bin/feedback-desk.js',
      'sync',
      '--base-url',
      baseUrl,
      '--source',
      'both',
      '--db',
      db,
      ...window,
      ...extra,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        FEEDBACK_DESK_DATA_DIR: join(dir, 'data'),
        FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token',
        FEEDBACK_DESK_V1_CLIENT_ID: 'demo-client',
        FEEDBACK_DESK_V1_TOKEN: 'demo-token',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out };
}

/**
 * Independent route: the world's own press columns. v2 holds every press (misuse included: the sync asks for it);
 * v1 serves the four-button surveys only, one press each.
 */
function worldCounts(): { v2: number; v1: number } {
  const w = emulator.world;
  let v1 = 0;
  for (let i = 0; i < w.presses.count; i++) if (w.surveys[w.presses.survey[i] ?? -1]?.scale === 'four') v1++;
  return { v2: w.presses.count, v1 };
}

function storeCounts(db: string): { v2: number; v1: number } {
  const d = new Database(db, { readonly: true });
  try {
    const v2 = d.prepare<[], { n: number }>('SELECT count(*) AS n FROM v2_button_feedback').get()?.n ?? -1;
    const v1 =
      d.prepare<[], { n: number }>('SELECT coalesce(sum(presses), 0) AS n FROM v1_press').get()?.n ?? -1;
    return { v2, v1 };
  } finally {
    d.close();
  }
}

describe.skipIf(!ready)('HTTPS end to end', () => {
  it('syncs v2 and v1 over HTTPS with gzip; the counts are exact', async () => {
    const expected = worldCounts();
    expect(expected.v2).toBeGreaterThan(expected.v1);
    expect(emulator.world.presses.flags.some((f) => (f & PRESS_MISUSE) !== 0)).toBe(true);
    answers.length = 0;
    const db = join(dir, 'direct.sqlite');
    const run = await cliSync(db, emulator.url, { NODE_EXTRA_CA_CERTS: ca.caFile }, ['--verbose']);
    expect(run.out).toMatch(/^Done: /m);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      `Network: requests to ${serviceHost}:${new URL(emulator.url).port} go directly`,
    );
    expect(run.out).toContain(`NODE_EXTRA_CA_CERTS (${ca.caFile})`);
    expect(storeCounts(db)).toEqual(expected);
    // Every answer above the threshold went out gzip-compressed, and both versions were asked.
    const large = answers.filter((a) => a.bytes > COMPRESSION_THRESHOLD);
    expect(large.length).toBeGreaterThan(10);
    expect(large.filter((a) => a.encoding !== 'gzip')).toEqual([]);
    expect(answers.some((a) => a.path.startsWith('/v1/'))).toBe(true);
    expect(answers.some((a) => a.path.startsWith('/v2/'))).toBe(true);
    expect(answers.every((a) => a.remoteAddress !== proxyOutgoing)).toBe(true);
  }, 120_000);

  it('syncs the same through the proxy named in HTTPS_PROXY: its log shows the tunnels, every answer went through it', async () => {
    answers.length = 0;
    const db = join(dir, 'proxied.sqlite');
    const logBefore = proxyLog().length;
    // NO_PROXY set (empty): loopback addresses go through the proxy too.
    const run = await cliSync(
      db,
      emulator.url,
      { NODE_EXTRA_CA_CERTS: ca.caFile, HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: '' },
      ['--verbose'],
    );
    expect(run.out).toMatch(/^Done: /m);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`go through the proxy http://127.0.0.1:${proxyPort} (from HTTPS_PROXY)`);
    expect(storeCounts(db)).toEqual(worldCounts());
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => a.remoteAddress !== proxyOutgoing)).toEqual([]);
    const tunnels = proxyLog()
      .slice(logBefore)
      .split('\n')
      .filter((l) => l.includes(`CONNECT ${serviceHost}:${new URL(emulator.url).port} `));
    expect(tunnels.length).toBeGreaterThan(0);
    // Keep-alive: far fewer tunnels than requests, and never more.
    expect(tunnels.length).toBeLessThanOrEqual(answers.length);
  }, 120_000);

  it('says at once when the proxy refuses the tunnel', async () => {
    const run = await cliSync(join(dir, 'refused.sqlite'), `https://${serviceHost}:${closedPort}`, {
      NODE_EXTRA_CA_CERTS: ca.caFile,
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      NO_PROXY: '',
    });
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `The proxy http://127.0.0.1:${proxyPort} (from HTTPS_PROXY) refused to connect to ${serviceHost}:${closedPort} (403): ask your network administrator to allow this address, or list it in NO_PROXY if it needs no proxy.`,
    );
    expect(run.out).not.toMatch(/retrying/);
  }, 120_000);

  it('refuses a certificate from a CA this computer does not trust, with one sentence and no retries', async () => {
    answers.length = 0;
    const db = join(dir, 'untrusted.sqlite');
    const run = await cliSync(db, emulator.url, {});
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `The certificate of ${serviceHost} is not trusted: it was issued by a certificate authority this computer does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). If your company's network inspects HTTPS, trust its CA certificate: add it to the system's certificate store, or name its PEM file in NODE_EXTRA_CA_CERTS. Nothing stored was changed.`,
    );
    expect(run.out).not.toMatch(/retrying/);
    expect(answers).toEqual([]);
  }, 120_000);
});

// The app's way to a service behind a company proxy, as the desktop wires it (src-main/index.ts) minus Electron:
// the proxy comes as Chromium's resolveProxy answers it (`PROXY host:port`), the company CA as one more trusted
// certificate (the OS store's stand-in); main-thread requests and the sync's thread both go through the real
// tinyproxy to the HTTPS emulator. And a web page where the API should be is said at once, by the app too.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutedFetch, proxyFromPac } from '../../src-main/api/network.ts';
import type { NetworkSettings } from '../../src-main/api/network.ts';
import { makeTestCa, opensslAvailable } from '../../src-main/api/testing/testCa.ts';
import type { TestCa } from '../../src-main/api/testing/testCa.ts';
import { createSessionStore } from '../../src-main/credentials/sessionStore.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator, ServedAnswer } from '#emulator/index.ts';
import { createServices } from '../../src-main/services.ts';
import type { Services } from '../../src-main/services.ts';
import { startTinyproxy, tinyproxyPath } from './tinyproxySupport.ts';
import type { Tinyproxy } from './tinyproxySupport.ts';

const ready = opensslAvailable() && tinyproxyPath !== undefined;
const serviceHost = '127.0.0.2';
const proxyOutgoing = '127.0.0.3';
const now = new Date('2026-03-02T10:00:00Z');

let dir: string;
let ca: TestCa;
let emulator: RunningEmulator;
let proxy: Tinyproxy;
let website: Server;
let websiteUrl: string;
let websiteRequests = 0;
let services: Services;
const answers: ServedAnswer[] = [];
const resolved: string[] = [];

beforeAll(async () => {
  if (!ready) return;
  dir = mkdtempSync(join(tmpdir(), 'fd-net-app-'));
  ca = makeTestCa([serviceHost]);
  emulator = await startEmulator({
    port: 0,
    host: serviceHost,
    seed: 3,
    size: 'tiny',
    now,
    tls: { cert: ca.certPem, key: ca.keyPem },
    onAnswer: (a) => void answers.push(a),
  });
  proxy = await startTinyproxy({ dir, connectPorts: [new URL(emulator.url).port], bind: proxyOutgoing });
  website = createServer((_req, res) => {
    websiteRequests++;
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Acme intranet</title><p>Welcome');
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
  // What shell/network.ts hands the services: Chromium's answer for the address, read by proxyFromPac.
  const network = (target: string): NetworkSettings => {
    resolved.push(new URL(target).origin);
    const settings = proxyFromPac(
      new URL(target).hostname === serviceHost ? `PROXY 127.0.0.1:${proxy.port}; DIRECT` : 'DIRECT',
    );
    return { ...settings, extraCa: [ca.caPem] };
  };
  services = createServices({
    storePath: join(dir, 'default.sqlite'),
    dataDir: dir,
    credentials: createSessionStore(),
    fetch: createRoutedFetch(network),
    network,
    now: () => now,
  });
}, 60_000);

afterAll(async () => {
  if (!ready) return;
  await services.close();
  proxy.stop();
  await emulator.close();
  website.closeAllConnections();
  await new Promise((resolve) => website.close(resolve));
  ca.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!ready)('the app behind a company proxy', () => {
  it('tests, saves and syncs a profile over HTTPS through the proxy; the counts are exact', async () => {
    const saved = await services.handlers['connections:save']({
      name: 'Acme',
      baseUrl: emulator.url,
      v2Token: 'demo-v2-token',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const result = await services.handlers['sync:run']({});
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.streams.every((s) => s.status === 'done')).toBe(true);
    // Independent route: the world's own press columns (v2 holds every press, misuse included).
    const db = new Database(join(dir, 'profile-acme.sqlite'), { readonly: true });
    const stored = db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get();
    db.close();
    expect(stored).toBe(emulator.world.presses.count);
    expect(result.value.verification?.mismatchCount).toBe(0);
    // Main-thread requests (connection test, probe, verification) and the thread's: all through the proxy.
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => a.remoteAddress !== proxyOutgoing)).toEqual([]);
    expect(answers.some((a) => a.path.includes('button-feedbacks'))).toBe(true);
    expect(proxy.log()).toContain(`CONNECT ${serviceHost}:${new URL(emulator.url).port} `);
    expect(resolved).toContain(new URL(emulator.url).origin);
  }, 120_000);

  it('says at once that a web page is not the API, and stores nothing', async () => {
    const before = websiteRequests;
    const saved = await services.handlers['connections:save']({
      name: 'Intranet',
      baseUrl: websiteUrl,
      v2Token: 'demo-v2-token',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.state).toBeNull();
    expect(saved.value.test.v2).toEqual({
      ok: false,
      message: `${websiteUrl} is not the service's API (it answered a web page for token/introspect): check the service address. Nothing stored was changed.`,
    });
    // One request: retrying cannot turn a website into the API.
    expect(websiteRequests - before).toBe(1);
  });
});

// Connection profiles end to end in main: tested against the real emulator on loopback before anything is stored,
// secrets in a real gnome-keyring (private D-Bus session), one SQLite file per profile, sync from the app with its
// verification and history, the service gone (the local file keeps answering), removal — and no token anywhere.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '#shared/contract.ts';
import { chooseCredentialStore } from '../../src-main/credentials/chooseStore.ts';
import { createKeytarStore } from '../../src-main/credentials/keytarStore.ts';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { createServices, type Services } from '../../src-main/services.ts';
import { startPrivateSession, type PrivateSession } from './credentialsKeyring.ts';
import { tempDir } from './syncFixtures.ts';

const now = new Date('2026-03-02T10:00:00Z');
const tokens = { v2: 'demo-v2-token', limited: 'demo-v2-limited', v1Id: 'demo-client', v1: 'demo-token' };
const keychainService = 'feedback-desk-test-connections';

let session: PrivateSession;
let dir: string;
let emulator: RunningEmulator | null;
let baseUrl: string;
let services: Services;
const progress: SyncProgress[] = [];
/** Every answer the handlers gave (what a renderer would receive), to look for tokens at the end. */
const received: unknown[] = [];

async function call<K extends keyof Services['handlers']>(
  name: K,
  args: Parameters<Services['handlers'][K]>[0],
): Promise<Awaited<ReturnType<Services['handlers'][K]>>> {
  const handler = services.handlers[name] as (a: typeof args) => ReturnType<Services['handlers'][K]>;
  const result = await handler(args);
  received.push(result);
  return result;
}

/** The raw tree as the service lists it for `token` (a second route to the authorised root: no parent visible). */
async function rawRoots(token: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/v2/experience-points.json`, { headers: { 'X-Svc-API-Token': token } });
  const body = (await res.json()) as { experiencePointId: number; name: string; parent?: number | null }[];
  const list = Array.isArray(body) ? body : ((body as { items?: typeof body }).items ?? []);
  const ids = new Set(list.map((i) => i.experiencePointId));
  return list.filter((i) => i.parent == null || !ids.has(i.parent)).map((i) => i.name);
}

/** Reads every file of the data folder and finds no token in any; returns the files it read. */
function searchDataFolder(): string[] {
  const files = readdirSync(dir);
  for (const file of files) {
    const bytes = readFileSync(join(dir, file)).toString('latin1');
    for (const secret of Object.values(tokens))
      if (secret !== tokens.v1Id) expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
  }
  return files;
}

beforeAll(async () => {
  session = await startPrivateSession('unlocked');
  process.env.DBUS_SESSION_BUS_ADDRESS = session.address; // keytar connects on first use, to this bus
  dir = tempDir('fd-connections-');
  emulator = await startEmulator({ size: 'tiny', seed: 3, now, port: 0, host: '127.0.0.1' });
  baseUrl = emulator.url;
  const chosen = await chooseCredentialStore({ keychain: createKeytarStore({ service: keychainService }) });
  services = createServices({
    storePath: join(dir, 'default.sqlite'),
    dataDir: dir,
    credentials: chosen.store,
    credentialsInfo: chosen.info,
    now: () => now,
  });
  services.onEvent('sync:progress', (p) => progress.push(p));
}, 60_000);

afterAll(async () => {
  await services?.close();
  await emulator?.close();
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('connection profiles', () => {
  it('uses the real keychain and starts on the demo file with no profile', async () => {
    const list = await call('connections:list', {});
    expect(list).toMatchObject({
      ok: true,
      value: {
        profiles: [],
        active: null,
        credentials: { kind: 'keychain', note: null },
        syncOnStart: false,
      },
    });
  });

  it('tests v2 and v1 credentials against the service: scopes, the authorised root, the v1 root folder', async () => {
    const full = await call('connections:test', {
      baseUrl,
      v2Token: tokens.v2,
      v1ClientId: tokens.v1Id,
      v1Token: tokens.v1,
    });
    if (!full.ok) throw new Error(full.error.message);
    expect(full.value.v2).toMatchObject({
      ok: true,
      scopes: expect.arrayContaining(['feedback:read', 'structure:read']),
    });
    expect(full.value.v2?.ok && full.value.v2.roots.map((r) => r.name)).toEqual(await rawRoots(tokens.v2));
    expect(full.value.v1).toMatchObject({ ok: true, rootFolder: expect.any(String) });

    // The limited token (README: feedback and structure only, rooted at one country group).
    const limited = await call('connections:test', { baseUrl, v2Token: tokens.limited });
    if (!limited.ok || !limited.value.v2?.ok) throw new Error('limited token refused');
    expect([...limited.value.v2.scopes].sort()).toEqual(['feedback:read', 'structure:read']);
    expect(limited.value.v2.roots.map((r) => r.name)).toEqual(await rawRoots(tokens.limited));
    expect(limited.value.v2.roots).toHaveLength(1);
    expect(limited.value.v1).toBeNull();
  });

  it('refuses wrong credentials in plain words and stores nothing', async () => {
    const saved = await call('connections:save', { name: 'Wrong', baseUrl, v2Token: 'not-a-token-xyz' });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.state).toBeNull();
    expect(saved.value.test.v2).toMatchObject({ ok: false });
    expect(JSON.stringify(saved.value)).not.toContain('not-a-token-xyz');
    expect(await createKeytarStore({ service: keychainService }).get('profile:Wrong:v2-token')).toBeNull();
    expect(existsSync(join(dir, 'profiles.json'))).toBe(false);
    const bad = await call('connections:save', { name: 'demo', baseUrl, v2Token: tokens.v2 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('saves a profile with both APIs: secrets in the keychain, the profile active on its own file', async () => {
    const saved = await call('connections:save', {
      name: 'Acme',
      baseUrl,
      v2Token: tokens.v2,
      v1ClientId: tokens.v1Id,
      v1Token: tokens.v1,
    });
    if (!saved.ok || !saved.value.state) throw new Error('not saved');
    const acme = saved.value.state.profiles[0];
    expect(saved.value.state.active).toBe('Acme');
    expect(acme).toMatchObject({ name: 'Acme', baseUrl, hasV2Token: true, v1ClientId: tokens.v1Id });
    expect(acme?.storePath).toBe(join(dir, 'profile-acme.sqlite'));
    const keychain = createKeytarStore({ service: keychainService });
    expect(await keychain.get('profile:Acme:v2-token')).toBe(tokens.v2);
    expect(JSON.parse((await keychain.get('profile:Acme:v1')) ?? '{}')).toEqual({
      clientId: tokens.v1Id,
      token: tokens.v1,
    });
    const state = await call('app:getState', {});
    expect(state).toMatchObject({
      ok: true,
      value: { storePath: join(dir, 'profile-acme.sqlite'), hasData: false },
    });
  });

  it('syncs the active profile from the app: per-stream progress, verified against the aggregates, history', async () => {
    const result = await call('sync:run', {});
    if (!result.ok) throw new Error(result.error.message);
    const db = new Database(join(dir, 'profile-acme.sqlite'), { readonly: true });
    // Independent counts: plain SQL over the fact table.
    const total = db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get();
    // The sync starts at the account's first day: the local day of the earliest stored press (local wall-clock ms).
    const firstLocalMs = Number(db.prepare('SELECT min(local_time) FROM v2_button_feedback').pluck().get());
    const firstDay = new Date(firstLocalMs).toISOString().slice(0, 10);
    const notMisuse = db
      .prepare(
        'SELECT count(*) FROM v2_button_feedback WHERE misuse = 0 AND local_time >= ? AND local_time < ?',
      )
      .pluck()
      .get(Date.parse(`${firstDay}T00:00:00Z`), Date.parse('2026-03-04T00:00:00Z'));
    db.close();
    expect(result.value.feedbackTotal).toBe(total);
    expect(result.value.streams.map((s) => [s.stream, s.status])).toEqual([
      ['v2:button-feedbacks', 'done'],
      ['v2:resources', 'done'],
      ['v1', 'done'],
    ]);
    // The verification window is the sync's default: the account's first day to the day after tomorrow (`now`).
    expect(result.value.verification).toMatchObject({
      from: firstDay,
      to: '2026-03-04',
      mismatchCount: 0,
    });
    expect(result.value.verification?.localTotal).toBe(notMisuse);
    expect(result.value.verification?.serviceTotal).toBe(notMisuse);
    const streams = new Set(progress.map((p) => p.stream));
    expect(streams).toContain('v2:button-feedbacks');
    expect(progress.some((p) => p.stream === 'v2:button-feedbacks' && p.itemsPerSecond !== undefined)).toBe(
      true,
    );

    const history = await call('sync:history', {});
    if (!history.ok) throw new Error(history.error.message);
    expect(history.value.map((h) => [h.source, h.status])).toEqual([
      ['v1', 'done'],
      ['v2', 'done'],
    ]);
    expect(history.value[1]?.feedbackTotal).toBe(total);

    // The check is kept in the file: a later session's Sync view shows it (same numbers, the days it named).
    expect(await call('sync:lastVerification', {})).toEqual({
      ok: true,
      value: { checkedAt: expect.any(String), verification: result.value.verification },
    });

    // The file checks sound on the check thread; a file of junk does not, in words.
    expect(await call('store:check', {})).toMatchObject({
      ok: true,
      value: { path: join(dir, 'profile-acme.sqlite'), ok: true, problems: [] },
    });
    const junkDir = tempDir('fd-connections-junk-');
    writeFileSync(join(junkDir, 'junk.sqlite'), 'this is not a database, '.repeat(50));
    const junk = createServices({ storePath: join(junkDir, 'junk.sqlite'), dataDir: junkDir });
    try {
      expect(await junk.handlers['store:check']({})).toMatchObject({
        ok: true,
        value: { ok: false, problems: [expect.stringContaining('not an SQLite database')] },
      });
    } finally {
      await junk.close();
      rmSync(junkDir, { recursive: true, force: true });
    }

    // No token in the synced file nor its write-ahead log, read while the store is open (closing folds the log in).
    expect(searchDataFolder()).toEqual(
      expect.arrayContaining(['profile-acme.sqlite', 'profile-acme.sqlite-wal', 'profiles.json']),
    );

    // The header's count is what the views read — the v2 presses (plain SQL above) — although the last run to
    // finish was v1's.
    expect(await call('app:getState', {})).toMatchObject({
      ok: true,
      value: { hasData: true, lastSync: { source: 'v2', feedbackCount: total } },
    });
  }, 120_000);

  it('Cancel stops a running sync in plain words; the history says so and the next sync finishes', async () => {
    let asked = false;
    const stop = services.onEvent('sync:progress', () => {
      if (asked) return;
      asked = true; // at the first progress event, as a user pressing Cancel right away
      void call('sync:cancel', {});
    });
    const cancelled = await call('sync:run', {});
    stop();
    expect(cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    if (!cancelled.ok) expect(cancelled.error.message).toMatch(/^The sync was cancelled\./);
    const history = await call('sync:history', {});
    expect(history.ok && history.value[0]?.status).toBe('cancelled');
    const again = await call('sync:run', {});
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.streams.every((st) => st.status === 'done')).toBe(true);
    expect(again.value.verification?.mismatchCount).toBe(0);
  }, 120_000);

  it('switches to the demo file and back; a second profile has a file of its own', async () => {
    const second = await call('connections:save', { name: 'Acme Limited', baseUrl, v2Token: tokens.limited });
    if (!second.ok || !second.value.state) throw new Error('not saved');
    expect(second.value.state.profiles.map((p) => p.storePath)).toEqual([
      join(dir, 'profile-acme.sqlite'),
      join(dir, 'profile-acme-limited.sqlite'),
    ]);
    expect(await call('connections:switch', { name: null })).toMatchObject({
      ok: true,
      value: { active: null },
    });
    expect(await call('app:getState', {})).toMatchObject({
      ok: true,
      value: { storePath: join(dir, 'default.sqlite') },
    });
    await call('connections:switch', { name: 'Acme' });
    expect(await call('app:getState', {})).toMatchObject({
      ok: true,
      value: { storePath: join(dir, 'profile-acme.sqlite'), hasData: true },
    });
    expect(await call('connections:switch', { name: 'Nobody' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('keeps "sync on start" in profiles.json, so the next start reads it back', async () => {
    expect(await call('connections:setSyncOnStart', { enabled: true })).toMatchObject({
      ok: true,
      value: { syncOnStart: true, active: 'Acme' },
    });
    // A second start over the same data folder (what the app does when it opens again).
    const next = createServices({ storePath: join(dir, 'default.sqlite'), dataDir: dir, now: () => now });
    try {
      expect(await next.handlers['connections:list']({})).toMatchObject({
        ok: true,
        value: { syncOnStart: true, active: 'Acme' },
      });
    } finally {
      await next.close();
    }
    await call('connections:setSyncOnStart', { enabled: false });
    expect(JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'))).toMatchObject({
      syncOnStart: false,
    });
  });

  it('a v1-only profile: the views read its v1 presses, and so does the header', async () => {
    const saved = await call('connections:save', {
      name: 'Acme v1',
      baseUrl,
      v1ClientId: tokens.v1Id,
      v1Token: tokens.v1,
    });
    if (!saved.ok || !saved.value.state) throw new Error('not saved');
    const result = await call('sync:run', {});
    if (!result.ok) throw new Error(result.error.message);
    const db = new Database(join(dir, 'profile-acme-v1.sqlite'), { readonly: true });
    // Independent count: the raw results' presses, plain SQL over the v1 fact table.
    const presses = Number(db.prepare('SELECT coalesce(sum(presses), 0) FROM v1_press').pluck().get());
    const v2Rows = Number(db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get());
    db.close();
    expect(presses).toBeGreaterThan(0);
    expect(v2Rows).toBe(0);
    expect(await call('app:getState', {})).toMatchObject({
      ok: true,
      value: { hasData: true, lastSync: { source: 'v1', feedbackCount: presses } },
    });
    await call('connections:remove', { name: 'Acme v1', deleteData: true });
    expect(await call('connections:switch', { name: 'Acme' })).toMatchObject({ ok: true });
  }, 120_000);

  it('says once, in plain words, that the service cannot be reached, and the local file keeps answering', async () => {
    await emulator?.close();
    emulator = null;
    const result = await call('sync:run', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } });
    if (!result.ok)
      expect(result.error.message).toMatch(/^The service at http:\/\/127\.0\.0\.1:\d+ cannot be reached\./);
    const tree = await call('tree:list', {});
    expect(tree.ok && tree.value.length).toBeGreaterThan(1);
    const history = await call('sync:history', {});
    expect(history.ok && history.value[0]).toMatchObject({ status: 'failed', error: expect.any(String) });
  }, 120_000);

  it('removes a profile: secrets gone, its data kept or deleted on request', async () => {
    const keychain = createKeytarStore({ service: keychainService });
    const kept = await call('connections:remove', { name: 'Acme Limited', deleteData: false });
    expect(kept).toMatchObject({ ok: true, value: { deletedFiles: [] } });
    expect(await keychain.get('profile:Acme Limited:v2-token')).toBeNull();
    const removed = await call('connections:remove', { name: 'Acme', deleteData: true });
    if (!removed.ok) throw new Error(removed.error.message);
    expect(removed.value.state).toMatchObject({ profiles: [], active: null });
    expect(removed.value.deletedFiles).toContain(join(dir, 'profile-acme.sqlite'));
    expect(existsSync(join(dir, 'profile-acme.sqlite'))).toBe(false);
    expect(await keychain.get('profile:Acme:v2-token')).toBeNull();
    expect(await keychain.get('profile:Acme:v1')).toBeNull();
  });

  it('leaves no token in any file of the data folder (SQLite, WAL, profiles.json) nor in any answer', async () => {
    await services.close();
    expect(searchDataFolder()).toContain('profiles.json');
    const secrets = [tokens.v2, tokens.limited, tokens.v1];
    const answers = JSON.stringify(received);
    for (const secret of secrets) expect(answers.includes(secret), secret).toBe(false);
  });
});

// The CLI side of connection profiles, in-process against the emulator on loopback: `login --v1-client-id` (checked
// with the service first), `profiles` listing what the app saved (never a secret), `sync --profile NAME` into the
// profile's own file with the profile's credentials. Secrets in a session store (the keychain: test/integration).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../credentials/sessionStore.ts';
import { v1CredentialsAccount } from '../../credentials/v1Credentials.ts';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { createConnections } from '../../profiles/connections.ts';
import { createProfileRegistry } from '../../profiles/registry.ts';
import { runCommand } from '../testing.ts';
import { createLoginCommand } from './login.ts';
import { createProfilesCommand } from './profiles.ts';
import { createSyncCommand } from './sync.ts';

const now = new Date('2026-02-01T00:00:00Z');
let emulator: RunningEmulator;
let dir: string;
const store = createSessionStore();

beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 4, now, port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(join(tmpdir(), 'fd-cli-profiles-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

function stdinIo(text: string) {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (t: string) => (out.stdout += t) },
      stderr: { write: (t: string) => (out.stderr += t) },
      stdin: Readable.from([text]),
      env: {},
      signal: new AbortController().signal,
    },
  };
}

describe('CLI profiles', () => {
  it('login --v1-client-id checks the pair with the service, stores it as v1@origin, never prints the token', async () => {
    const login = createLoginCommand({ createStore: () => store });
    const bad = stdinIo('wrong-token');
    const refused = await login.run(
      { 'base-url': emulator.url, 'v1-client-id': 'demo-client', 'v1-token-stdin': true, check: true },
      bad.io,
    );
    expect(refused).toBe(1);
    expect(bad.out.stderr).toContain('Nothing was stored.');
    expect(await store.get(v1CredentialsAccount(emulator.url))).toBeNull();

    const good = stdinIo('demo-token\n');
    const code = await login.run(
      { 'base-url': emulator.url, 'v1-client-id': 'demo-client', 'v1-token-stdin': true, check: true },
      good.io,
    );
    expect(code).toBe(0);
    expect(good.out.stdout).toMatch(/accepts the v1 credentials of demo-client \(root folder: .+\)\./);
    expect(JSON.parse((await store.get(v1CredentialsAccount(emulator.url))) ?? '')).toEqual({
      clientId: 'demo-client',
      token: 'demo-token',
    });
    expect(good.out.stdout + good.out.stderr).not.toContain('demo-token');
  });

  it('lists the profiles the app saved, and syncs one into its own file with its own credentials', async () => {
    const env = { FEEDBACK_DESK_DATA_DIR: dir };
    expect((await runCommand(createProfilesCommand({ createStore: () => store }), [], env)).stdout).toBe(
      `No connection profiles in ${dir} yet.\n`,
    );
    const connections = createConnections({
      registry: createProfileRegistry(dir),
      credentials: store,
      credentialsInfo: { kind: 'session', description: store.description, note: null },
    });
    const saved = await connections.save({ name: 'Acme', baseUrl: emulator.url, v2Token: 'demo-v2-token' });
    expect(saved.saved).not.toBeNull();

    const listed = await runCommand(createProfilesCommand({ createStore: () => store }), [], env);
    expect(listed.stdout).toBe(
      `* Acme\t${emulator.url}\tv2 token\t${join(dir, 'profile-acme.sqlite')}\n(* the profile the app uses; not synced when the app starts)\n`,
    );
    expect(listed.stdout).not.toContain('demo-v2-token');

    const sync = createSyncCommand({ createCredentialStore: () => store, now: () => now });
    const both = await runCommand(sync, ['--profile', 'Acme', '--base-url', emulator.url], env);
    expect(both).toMatchObject({ code: 2 });
    expect(both.stderr).toContain("options '--profile' and '--base-url' cannot be combined");
    const unknown = await runCommand(sync, ['--profile', 'Nobody'], env);
    expect(unknown.stderr).toContain("there is no profile named 'Nobody' (known: Acme)");

    const run = await runCommand(sync, ['--profile', 'Acme'], env);
    expect(run.stdout + run.stderr).not.toContain('demo-v2-token');
    expect(run.code).toBe(0);
    // Independently: the rows in the profile's own file, by plain SQL.
    const db = new Database(join(dir, 'profile-acme.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get();
    db.close();
    expect(rows).toBeGreaterThan(0);
    expect(run.stdout).toContain(
      `Done: ${Number(rows).toLocaleString('en-US')} presses (v2 button feedbacks)`,
    );
  }, 60_000);
});

// The OS keychain for real: keytar against gnome-keyring on a private D-Bus session, the login command as a
// child process, and resolveV2Token reading what login stored. Expected values are the literals the test wrote.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2TokenAccount } from '../../src-main/credentials/credentialStore.ts';
import { createKeytarStore } from '../../src-main/credentials/keytarStore.ts';
import { resolveV2Token } from '../../src-main/credentials/v2Token.ts';
import { startPrivateSession, withoutDisplay } from './credentialsKeyring.ts';
import type { PrivateSession } from './credentialsKeyring.ts';

let session: PrivateSession;

beforeAll(async () => {
  session = await startPrivateSession('unlocked');
  // keytar (GDBus) connects on first use in this worker, so this address is the one it will use.
  process.env.DBUS_SESSION_BUS_ADDRESS = session.address;
});
afterAll(async () => {
  await session.close();
});

/** Runs `feedback-desk …` on this Node, on the private bus, with `input` on stdin. */
function cli(args: string[], input: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, ['bin/feedback-desk.js', ...args], {
    input,
    encoding: 'utf8',
    env: { ...withoutDisplay(process.env), DBUS_SESSION_BUS_ADDRESS: session.address, ...env },
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('keytar store on a real gnome-keyring', () => {
  it('sets, overwrites, gets and deletes a secret', async () => {
    const store = createKeytarStore({ service: 'feedback-desk-test' });
    const account = 'round-trip';
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'first');
    await store.set(account, 'sécret ✓ 2');
    expect(await store.get(account)).toBe('sécret ✓ 2');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('keeps entries of different services and accounts apart', async () => {
    const a = createKeytarStore({ service: 'feedback-desk-test-a' });
    const b = createKeytarStore({ service: 'feedback-desk-test-b' });
    await a.set('x', 'a-x');
    await b.set('x', 'b-x');
    await a.set('y', 'a-y');
    expect([await a.get('x'), await b.get('x'), await a.get('y'), await b.get('y')]).toEqual([
      'a-x',
      'b-x',
      'a-y',
      null,
    ]);
  });
});

describe('feedback-desk login with the real keychain', () => {
  const baseUrl = 'http://127.0.0.1:4010';
  const token = 'tok-login-7f3a';

  it('stores a token read from stdin, which resolveV2Token then finds', async () => {
    const result = cli(['login', '--base-url', `${baseUrl}/v2`, '--v2-token-stdin'], `${token}\n`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Stored the v2 token for ${baseUrl} in the OS keychain (service 'feedback-desk', account 'v2-token@${baseUrl}').\n`,
    );
    expect(result.stdout).not.toContain(token);
    const store = createKeytarStore();
    expect(await store.get(v2TokenAccount(baseUrl))).toBe(token);
    expect(await resolveV2Token({ store, env: {}, baseUrl })).toBe(token);
  });

  it('lets FEEDBACK_DESK_V2_TOKEN win over the stored token', async () => {
    const store = createKeytarStore();
    expect(await store.get(v2TokenAccount(baseUrl))).toBe(token);
    expect(await resolveV2Token({ store, env: { FEEDBACK_DESK_V2_TOKEN: 'from-env' }, baseUrl })).toBe(
      'from-env',
    );
  });

  it('deletes the token with --delete, after which resolveV2Token says how to log in', async () => {
    const result = cli(['login', '--base-url', baseUrl, '--delete'], '');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Removed the v2 token for ${baseUrl} from the OS keychain.\n`);
    await expect(resolveV2Token({ store: createKeytarStore(), env: {}, baseUrl })).rejects.toThrow(
      `No v2 token is stored for ${baseUrl}: run \`feedback-desk login --base-url ${baseUrl}\` or set FEEDBACK_DESK_V2_TOKEN.`,
    );
  });

  it('refuses an empty token and leaves the keychain as it was', async () => {
    const result = cli(['login', '--base-url', baseUrl, '--v2-token-stdin'], '\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('feedback-desk login: the token is empty; nothing was stored.\n');
    expect(await createKeytarStore().get(v2TokenAccount(baseUrl))).toBeNull();
  });
});

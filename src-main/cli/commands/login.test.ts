// The login command in-process with the session-only store; the real keychain is in test/integration.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2TokenAccount } from '../../credentials/credentialStore.ts';
import { createSessionStore } from '../../credentials/sessionStore.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { runCli } from '../index.ts';
import { createLoginCommand } from './login.ts';

function io(stdinText: string, env: NodeJS.ProcessEnv = {}) {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (t: string) => (out.stdout += t) },
      stderr: { write: (t: string) => (out.stderr += t) },
      stdin: Readable.from([stdinText]),
      env,
      signal: new AbortController().signal,
    },
  };
}

const base = 'http://127.0.0.1:4010';

describe('login', () => {
  it('stores the piped token under the origin and never prints it', async () => {
    const store = createSessionStore();
    const command = createLoginCommand({ createStore: () => store });
    const { io: cliIo, out } = io('tok-123\n');
    const code = await command.run({ 'base-url': `${base}/v2`, 'v2-token-stdin': true }, cliIo);
    expect(code).toBe(0);
    expect(await store.get(v2TokenAccount(base))).toBe('tok-123');
    expect(out.stdout).toContain(`Stored the v2 token for ${base} in memory, for this session only`);
    expect(out.stdout + out.stderr).not.toContain('tok-123');
  });

  it('refuses an empty token and stores nothing', async () => {
    const store = createSessionStore();
    const { io: cliIo, out } = io(' \n');
    const code = await createLoginCommand({ createStore: () => store }).run(
      { 'base-url': base, 'v2-token-stdin': true },
      cliIo,
    );
    expect(code).toBe(1);
    expect(out.stderr).toBe('feedback-desk login: the token is empty; nothing was stored.\n');
    expect(await store.get(v2TokenAccount(base))).toBeNull();
  });

  it('deletes a stored token, and says so when there was none', async () => {
    const store = createSessionStore();
    await store.set(v2TokenAccount(base), 'x');
    const command = createLoginCommand({ createStore: () => store });
    const first = io('');
    expect(await command.run({ 'base-url': base, delete: true }, first.io)).toBe(0);
    expect(first.out.stdout).toBe(`Removed the v2 token for ${base} from memory, for this session only.\n`);
    const second = io('');
    expect(await command.run({ 'base-url': base, delete: true }, second.io)).toBe(0);
    expect(second.out.stdout).toContain('nothing to remove');
  });

  it.each([
    [['login'], "feedback-desk login: option '--base-url' is required"],
    [
      ['login', '--base-url', 'http://feedback.example.com'],
      "feedback-desk login: option '--base-url': The base URL must start with https:// (plain http:// is allowed only for localhost)",
    ],
    [
      ['login', '--base-url', base],
      'feedback-desk login: standard input is not a terminal: pass --v2-token-stdin',
    ],
    [['login', '--base-url', base, '--delete', '--check'], "option '--delete' cannot be combined with"],
    [['login', '--token', 'x'], "feedback-desk login: unknown option '--token'"],
  ])('%j exits 2 with one line naming the problem', async (argv, message) => {
    const { io: cliIo, out } = io('');
    expect(await runCli(argv, cliIo)).toBe(2);
    expect(out.stderr).toContain(message);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('login --check against the emulator (real HTTP on loopback)', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 1, size: 'tiny' });
  });
  afterAll(() => emulator.close());

  it('stores a token the service accepts, naming it and its scopes', async () => {
    const store = createSessionStore();
    const { io: cliIo, out } = io('demo-v2-token\n');
    const code = await createLoginCommand({ createStore: () => store }).run(
      { 'base-url': emulator.url, 'v2-token-stdin': true, check: true },
      cliIo,
    );
    expect(out.stderr).toBe('');
    expect(code).toBe(0);
    // The emulator's documented demo identity: every scope (see its README).
    expect(out.stdout).toMatch(
      /^The service at http:\/\/127\.0\.0\.1:\d+ accepts the token '.+' \(scopes: .*feedback:read.*\)\.\n/,
    );
    expect(await store.get(v2TokenAccount(emulator.url))).toBe('demo-v2-token');
  });

  it('stores nothing when the service refuses the token, and never prints it', async () => {
    const store = createSessionStore();
    const { io: cliIo, out } = io('wrong-token-5e1d\n');
    const code = await createLoginCommand({ createStore: () => store }).run(
      { 'base-url': emulator.url, 'v2-token-stdin': true, check: true },
      cliIo,
    );
    expect(code).toBe(1);
    expect(out.stderr).toContain('refused the API token (401)');
    expect(out.stderr).toMatch(/Nothing was stored\.\n$/);
    expect(out.stdout + out.stderr).not.toContain('wrong-token-5e1d');
    expect(await store.get(v2TokenAccount(emulator.url))).toBeNull();
  });
});

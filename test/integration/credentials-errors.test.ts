// Each keychain failure, produced for real in a child process, becomes its one sentence and never shows the token.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keychainSentences } from '../../src-main/credentials/keychainFailures.ts';
import { startPrivateSession, withoutDisplay } from './credentialsKeyring.ts';
import type { KeyringState } from './credentialsKeyring.ts';

const token = 'tok-never-shown-91c2';

/** `feedback-desk login --v2-token-stdin` with the given session bus (undefined: none at all) and no X display. */
function login(busAddress: string | undefined) {
  const env = withoutDisplay(process.env);
  if (busAddress !== undefined) env.DBUS_SESSION_BUS_ADDRESS = busAddress;
  const result = spawnSync(
    process.execPath,
    ['bin/feedback-desk.js', 'login', '--base-url', 'http://127.0.0.1:4010', '--v2-token-stdin'],
    { input: token, encoding: 'utf8', env, timeout: 30_000 },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectSentence(result: ReturnType<typeof login>, sentence: string): void {
  expect(result.stderr).toBe(`feedback-desk login: ${sentence}\n`);
  expect(result.code).toBe(1);
  expect(result.stdout + result.stderr).not.toContain(token);
}

describe('keychain failures', () => {
  it('no session bus at all (no DBUS_SESSION_BUS_ADDRESS, no DISPLAY): autolaunch fails', () => {
    expectSentence(login(undefined), keychainSentences['no-bus']);
  });

  it('a session bus address that points nowhere', () => {
    expectSentence(login('unix:path=/nonexistent/feedback-desk-test-bus'), keychainSentences['no-bus']);
  });

  it.each([
    ['no-secret-service', 'no-service'],
    ['locked', 'locked'],
  ] as const satisfies readonly (readonly [KeyringState, keyof typeof keychainSentences])[])(
    'a session bus whose keyring is %s',
    async (state, failure) => {
      const session = await startPrivateSession(state);
      try {
        expectSentence(login(session.address), keychainSentences[failure]);
      } finally {
        await session.close();
      }
    },
  );
});

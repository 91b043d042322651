// v1 credentials: both env vars win; else the keychain account v1@<origin> holding JSON; clear sentences otherwise.
import { describe, expect, it } from 'vitest';
import { CredentialError } from './credentialStore.ts';
import { createSessionStore } from './sessionStore.ts';
import { findV1Credentials, v1CredentialsAccount } from './v1Credentials.ts';

const baseUrl = 'https://svc.example.com/base';

describe('v1 credentials', () => {
  it('takes both environment variables first, then the stored JSON', async () => {
    const store = createSessionStore();
    await store.set(v1CredentialsAccount(baseUrl), JSON.stringify({ clientId: 'kc-id', token: 'kc-token' }));
    expect(v1CredentialsAccount(baseUrl)).toBe('v1@https://svc.example.com');
    const env = { FEEDBACK_DESK_V1_CLIENT_ID: 'env-id', FEEDBACK_DESK_V1_TOKEN: 'env-token' };
    expect(await findV1Credentials({ store, env, baseUrl })).toMatchObject({
      clientId: 'env-id',
      token: 'env-token',
    });
    const fromStore = await findV1Credentials({
      store,
      env: { FEEDBACK_DESK_V1_CLIENT_ID: 'only-id' },
      baseUrl,
    });
    expect(fromStore).toMatchObject({ clientId: 'kc-id', token: 'kc-token' });
  });

  it('says what to do when there are none or they are unreadable, never quoting a secret', async () => {
    const store = createSessionStore();
    await expect(findV1Credentials({ store, env: {}, baseUrl })).rejects.toThrow(
      /^No v1 credentials for https:\/\/svc\.example\.com: set FEEDBACK_DESK_V1_CLIENT_ID and FEEDBACK_DESK_V1_TOKEN/,
    );
    await store.set(v1CredentialsAccount(baseUrl), 'secret-but-not-json');
    const message = await findV1Credentials({ store, env: {}, baseUrl }).then(
      () => '',
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(message).toMatch(/are unreadable; store them again/);
    expect(message).not.toContain('secret-but-not-json');
  });
});

describe('v1 credentials without a usable keychain', () => {
  it('names the v1 variables as the way out', async () => {
    const broken = {
      description: 'the OS keychain',
      get: async () => {
        throw new CredentialError('no bus; set FEEDBACK_DESK_V2_TOKEN instead', 'no-bus');
      },
      set: async () => undefined,
      delete: async () => false,
    };
    await expect(findV1Credentials({ store: broken, env: {}, baseUrl })).rejects.toThrow(
      'The v1 credentials for https://svc.example.com could not be read from the OS keychain (no bus); set FEEDBACK_DESK_V1_CLIENT_ID and FEEDBACK_DESK_V1_TOKEN instead.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { CredentialError, v2TokenAccount } from './credentialStore.ts';
import { createSessionStore } from './sessionStore.ts';
import { findV2Token, resolveV2Token } from './v2Token.ts';

const baseUrl = 'http://127.0.0.1:4010';

describe('createSessionStore', () => {
  it('keeps, returns and forgets secrets per account', async () => {
    const store = createSessionStore();
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'one');
    await store.set('b', 'two');
    expect(await store.get('a')).toBe('one');
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('two');
  });
});

describe('resolveV2Token', () => {
  it('prefers FEEDBACK_DESK_V2_TOKEN over the store', async () => {
    const store = createSessionStore();
    await store.set(v2TokenAccount(baseUrl), 'from-store');
    const env = { FEEDBACK_DESK_V2_TOKEN: ' from-env\n' };
    expect(await resolveV2Token({ store, env, baseUrl })).toBe('from-env');
    expect((await findV2Token({ store, env, baseUrl })).source).toEqual({
      kind: 'env',
      name: 'FEEDBACK_DESK_V2_TOKEN',
    });
  });

  it('reads the store entry of the same origin when the variable is unset or blank', async () => {
    const store = createSessionStore();
    await store.set(v2TokenAccount(baseUrl), 'from-store');
    expect(await resolveV2Token({ store, env: {}, baseUrl: `${baseUrl}/v2/` })).toBe('from-store');
    expect(await resolveV2Token({ store, env: { FEEDBACK_DESK_V2_TOKEN: '  ' }, baseUrl })).toBe(
      'from-store',
    );
  });

  it('tells the user how to provide a token when there is none', async () => {
    const promise = resolveV2Token({ store: createSessionStore(), env: {}, baseUrl: `${baseUrl}/v2` });
    await expect(promise).rejects.toBeInstanceOf(CredentialError);
    await expect(promise).rejects.toThrow(
      'No v2 token is stored for http://127.0.0.1:4010: run `feedback-desk login --base-url http://127.0.0.1:4010` or set FEEDBACK_DESK_V2_TOKEN.',
    );
  });

  it('passes a store failure on unchanged', async () => {
    const failure = new CredentialError('The keyring is locked.', 'locked');
    const store = { ...createSessionStore(), get: () => Promise.reject(failure) };
    await expect(resolveV2Token({ store, env: {}, baseUrl })).rejects.toBe(failure);
  });
});

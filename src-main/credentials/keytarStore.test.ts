// The keytar store against the real keychain is tested in test/integration/credentials.test.ts; here only the
// loading seam: a machine without keytar gets one sentence, not a stack trace.
import { describe, expect, it } from 'vitest';
import { keychainSentences } from './keychainFailures.ts';
import { createKeytarStore } from './keytarStore.ts';

describe('createKeytarStore without keytar', () => {
  it('says in one sentence that the keychain is unavailable, for every operation', async () => {
    const store = createKeytarStore({ load: () => import('feedback-desk-no-such-module' as string) });
    for (const call of [() => store.get('a'), () => store.set('a', 'secret'), () => store.delete('a')]) {
      await expect(call()).rejects.toMatchObject({
        failure: 'unavailable',
        message: keychainSentences.unavailable,
      });
    }
  });

  it('refuses a module that does not look like keytar', async () => {
    const store = createKeytarStore({ load: async () => ({ default: { getPassword: 1 } }) });
    await expect(store.get('a')).rejects.toMatchObject({ failure: 'unavailable' });
  });
});

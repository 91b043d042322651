// A CredentialStore in memory: "keep it for this session only", where no keychain is available or wanted.
import type { CredentialStore } from './credentialStore.ts';

export function createSessionStore(): CredentialStore {
  const secrets = new Map<string, string>();
  return {
    description: 'memory, for this session only',
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret);
    },
    delete: async (account) => secrets.delete(account),
  };
}

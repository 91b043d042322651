// Picks where secrets go: the OS keychain (keytar) first; where no keychain answers, the injected fallback (the
// desktop app's safeStorage file), else memory for this session only — and says which, in words for the UI.
import type { CredentialsInfo } from '#shared/contract.ts';
import { CredentialError } from './credentialStore.ts';
import type { CredentialStore } from './credentialStore.ts';
import { createSessionStore } from './sessionStore.ts';

export interface ChosenStore {
  store: CredentialStore;
  info: CredentialsInfo;
}

export interface ChooseStoreOptions {
  keychain: CredentialStore;
  /** A persistent fallback (desktop: safeStorage); null where there is none (web mode, CLI). */
  encryptedFile?: (() => CredentialStore | null) | null;
  /** The account read to see whether the keychain answers (reading a missing one is harmless). */
  probeAccount?: string;
}

/** Failures that mean "no keychain here" (a fallback is right), as opposed to one that merely failed once. */
const absent = new Set(['unavailable', 'no-bus', 'no-service', 'locked']);

export async function chooseCredentialStore(options: ChooseStoreOptions): Promise<ChosenStore> {
  let why: string;
  try {
    await options.keychain.get(options.probeAccount ?? 'probe@feedback-desk');
    return {
      store: options.keychain,
      info: { kind: 'keychain', description: options.keychain.description, note: null },
    };
  } catch (error) {
    if (!(error instanceof CredentialError) || !absent.has(error.failure)) throw error;
    why = error.message.replace(/,? so .*$/, '').replace(/\.$/, '');
  }
  const file = options.encryptedFile?.() ?? null;
  if (file)
    return {
      store: file,
      info: {
        kind: 'encrypted-file',
        description: file.description,
        note: `${why}. Secrets are kept in ${file.description} instead, encrypted by the operating system.`,
      },
    };
  const session = createSessionStore();
  return {
    store: session,
    info: {
      kind: 'session',
      description: session.description,
      note: `${why}. Secrets are kept in memory for this session only: you will be asked for them again next time.`,
    },
  };
}

// Turns what the OS keychain (through keytar) reports into one clear sentence per failure, never quoting a secret.
import { CredentialError, v2TokenEnvVar } from './credentialStore.ts';
import type { CredentialFailure } from './credentialStore.ts';

// Surfaces that can keep a secret in memory offer that too, keyed on CredentialError.failure.
const fallback = `set ${v2TokenEnvVar} instead`;

/** The sentence shown for each kind of failure (the platform's own words stay in `cause`). */
export const keychainSentences: Record<Exclude<CredentialFailure, 'missing' | 'failed'>, string> = {
  unavailable:
    process.platform === 'linux'
      ? `The OS keychain is not available because the optional keytar module is not installed or does not load (it builds against libsecret: install libsecret-1-dev, then run \`npm ci\` again), so ${fallback}.`
      : `The OS keychain is not available because the optional keytar module is not installed or does not load, so ${fallback}.`,
  'no-bus': `The OS keychain cannot be reached because this login has no D-Bus session bus (usual over SSH, in containers and in CI), so ${fallback}.`,
  'no-service': `The OS keychain cannot be reached because no Secret Service (such as GNOME Keyring or KWallet) runs in this desktop session, so start one or ${fallback}.`,
  locked: `The OS keychain's login keyring is locked or does not exist, so unlock it (for example by logging in to the desktop) or ${fallback}.`,
};

/** The words libsecret/GDBus use for each failure, as measured with keytar 7.9 and gnome-keyring 42 on Debian 12. */
const patterns: readonly [RegExp, keyof typeof keychainSentences][] = [
  [
    /Cannot autolaunch D-Bus|dbus-launch|Could not connect|Failed to connect to socket|Cannot spawn a message bus/i,
    'no-bus',
  ],
  [/org\.freedesktop\.secrets was not provided|ServiceUnknown|No such interface.*Secret/i, 'no-service'],
  [/collection\/login|locked collection|is locked/i, 'locked'],
];

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Classifies a keytar failure. `secret`, when given, is blanked out of any platform text that is passed on. */
export function keychainFailure(error: unknown, secret?: string): CredentialError {
  if (error instanceof CredentialError) return error;
  const raw = messageOf(error);
  for (const [pattern, failure] of patterns) {
    if (pattern.test(raw)) return new CredentialError(keychainSentences[failure], failure, { cause: error });
  }
  const said = secret ? raw.split(secret).join('***') : raw;
  return new CredentialError(
    `The OS keychain refused the request (${said.replace(/\s+/g, ' ').trim()}).`,
    'failed',
    {
      cause: secret && raw.includes(secret) ? undefined : error,
    },
  );
}

/** The failure to report when keytar itself cannot be loaded. */
export function keytarUnavailable(cause: unknown): CredentialError {
  return new CredentialError(keychainSentences.unavailable, 'unavailable', { cause });
}

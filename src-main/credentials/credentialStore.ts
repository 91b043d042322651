// The CredentialStore interface: where secrets live (the OS keychain, or memory for one session), and their names.

/** A secret store. Implementations turn platform failures into CredentialError with one clear sentence. */
export interface CredentialStore {
  /** A short name for messages, e.g. 'the OS keychain'. */
  readonly description: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** Why a store could not be used, so a surface can offer the right way out (e.g. keep the secret for this session). */
export type CredentialFailure =
  | 'unavailable' // no keychain implementation on this machine (keytar not installed or not loadable)
  | 'no-bus' // Linux: no D-Bus session bus
  | 'no-service' // Linux: no Secret Service on the bus
  | 'locked' // the keyring is locked or its login collection does not exist
  | 'missing' // the store works but holds no such secret
  | 'failed'; // anything else the platform reported

export class CredentialError extends Error {
  override name = 'CredentialError';
  readonly failure: CredentialFailure;
  constructor(message: string, failure: CredentialFailure = 'failed', options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }
}

/** The keychain service name all of Feedback Desk's secrets are filed under. */
export const keychainService = 'feedback-desk';

/** The account name of the v2 token for one service address (one per origin, so profiles do not collide). */
export function v2TokenAccount(baseUrl: string): string {
  return `v2-token@${new URL(baseUrl).origin}`;
}

/** The environment variable that supplies a v2 token without the keychain (CI, scheduled jobs). */
export const v2TokenEnvVar = 'FEEDBACK_DESK_V2_TOKEN';

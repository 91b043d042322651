// The CredentialStore interface: where secrets live (the OS keychain, or memory for one session), and their names.

/** A secret store. Implementations turn platform failures into CredentialError with one clear sentence. */
export interface CredentialStore {
  /** A short name for messages, e.g. 'the OS keychain'. */
  readonly description: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export class CredentialError extends Error {
  override name = 'CredentialError';
}

/** The keychain service name all of Feedback Desk's secrets are filed under. */
export const keychainService = 'feedback-desk';

/** The account name of the v2 token for one service address (one per origin, so profiles do not collide). */
export function v2TokenAccount(baseUrl: string): string {
  return `v2-token@${new URL(baseUrl).origin}`;
}

/** The environment variable that supplies a v2 token without the keychain (CI, scheduled jobs). */
export const v2TokenEnvVar = 'FEEDBACK_DESK_V2_TOKEN';

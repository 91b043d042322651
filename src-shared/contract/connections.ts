// The connections domain of the contract: connection profiles (name, service address, which credentials), testing
// credentials against the service before anything is stored, switching and removing profiles, where secrets live.
import * as v from 'valibot';
import type { ArgParsers } from './parse.ts';
import { args, parseNoArgs, parserOf } from './schema.ts';

/** A profile as the renderer sees it: never a secret, only whether one is stored. */
export interface ProfileInfo {
  name: string;
  baseUrl: string;
  hasV2Token: boolean;
  /** The v1 client id is not a secret (the token is); shown so the user knows which account it is. */
  v1ClientId: string | null;
  /** The profile's own SQLite file. */
  storePath: string;
  createdAt: string;
}

/** Where secrets go on this machine, said plainly (the session store forgets them when the app closes). */
export interface CredentialsInfo {
  kind: 'keychain' | 'encrypted-file' | 'session';
  description: string;
  /** One sentence for the UI when secrets are not kept in the OS keychain (null when they are). */
  note: string | null;
}

export interface ConnectionsState {
  profiles: ProfileInfo[];
  /** The active profile's name; null: the demo data (the default local file). */
  active: string | null;
  credentials: CredentialsInfo;
  /** Sync the active profile when the app starts. */
  syncOnStart: boolean;
}

export const profileNamePattern = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,39}$/u;
const maxSecret = 4096;

/** A text field of the form: trimmed; empty or blank is absent. */
function formText(name: string, max: number) {
  return v.optional(
    v.pipe(
      v.string(`${name} must be text`),
      v.maxLength(max, `${name} is longer than ${max} characters`),
      v.transform((value) => value.trim() || undefined),
    ),
  );
}

const addressMissing = 'the service address is missing';
/** The service address: http(s), no credentials or query in it; plain http only on loopback; kept as its origin. */
const baseUrl = v.pipe(
  v.unknown(),
  v.check((value) => value !== undefined && value !== '', addressMissing),
  v.string('the service address must be text'),
  v.maxLength(500, 'the service address is longer than 500 characters'),
  v.transform((value) => value.trim()),
  v.check((value) => value !== '', addressMissing),
  v.check(
    (value) => baseUrlProblem(value) === null,
    (issue) => baseUrlProblem(String(issue.input)) ?? addressMissing,
  ),
  v.transform((value) => new URL(value).origin),
);

const draftEntries = {
  baseUrl,
  v2Token: formText('the v2 token', maxSecret),
  v1ClientId: formText('the v1 client id', 200),
  v1Token: formText('the v1 token', maxSecret),
};

/** The credentials of a draft: at least one API's, and v1's id and token together. */
function draftCredentials<T extends { v2Token?: string; v1ClientId?: string; v1Token?: string }>() {
  return [
    v.check<T, string>(
      (d) => d.v2Token !== undefined || d.v1Token !== undefined,
      'give a v2 token, or a v1 client id and token, or both',
    ),
    v.check<T, string>(
      (d) => (d.v1ClientId !== undefined) === (d.v1Token !== undefined),
      'the v1 client id and the v1 token go together: give both or neither',
    ),
  ] as const;
}

const nameMessage = 'the profile name must be 1–40 letters, digits, spaces, dots, dashes or underscores';
/** A new profile's name: trimmed; `demo` and `default` are the demo data's. */
const profileName = v.pipe(
  v.string(nameMessage),
  v.transform((value) => value.trim()),
  v.regex(profileNamePattern, nameMessage),
  v.check(
    (name) => !['demo', 'default'].includes(name.toLowerCase()),
    (issue) => `'${String(issue.input)}' is reserved for the demo data; choose another name`,
  ),
);

/** What the form sends. Tokens cross from the renderer once, to be tested and stored; they never come back. */
const draftFields = args(draftEntries);
const connectionDraft = v.pipe(draftFields, ...draftCredentials<v.InferOutput<typeof draftFields>>());
export type ConnectionDraft = v.InferOutput<typeof connectionDraft>;

const profileFields = args({ ...draftEntries, name: profileName });
const profileDraft = v.pipe(profileFields, ...draftCredentials<v.InferOutput<typeof profileFields>>());
export type ProfileDraft = v.InferOutput<typeof profileDraft>;

const existingName = (message: string) => v.pipe(v.string(message), v.regex(profileNamePattern, message));
const switchArgs = args({
  name: v.nullable(existingName('name must be a profile name or null (the demo data)')),
});
const removeArgs = args({
  name: existingName('name must be a profile name'),
  deleteData: v.boolean('deleteData must be true or false'),
});
const syncOnStartArgs = args({ enabled: v.boolean('enabled must be true or false') });

export type CheckOutcome<T> = ({ ok: true } & T) | { ok: false; message: string };

/** The service's answers to "Test connection": per API, what the credentials give access to, or why not. */
export interface ConnectionTest {
  baseUrl: string;
  v2: CheckOutcome<{ tokenName: string; scopes: string[]; roots: { id: number; name: string }[] }> | null;
  v1: CheckOutcome<{ rootFolder: string }> | null;
}

export interface ConnectionsCommands {
  'connections:list': { args: Record<string, never>; result: ConnectionsState };
  'connections:test': { args: ConnectionDraft; result: ConnectionTest };
  /** Tests first; stores the secrets and the profile only when every given credential works. */
  'connections:save': {
    args: ProfileDraft;
    result: { test: ConnectionTest; state: ConnectionsState | null };
  };
  'connections:switch': { args: v.InferOutput<typeof switchArgs>; result: ConnectionsState };
  'connections:remove': {
    args: v.InferOutput<typeof removeArgs>;
    result: { state: ConnectionsState; deletedFiles: string[] };
  };
  'connections:setSyncOnStart': { args: v.InferOutput<typeof syncOnStartArgs>; result: ConnectionsState };
}

/**
 * What the desktop shell's menu asks the window to do: File › Export… ('export': the view's PDF report, else its first
 * chart's export choices), File › Save as Interactive Report (HTML)… ('exportHtml': the view's report as one HTML
 * file), Sync › Sync now, Settings.
 */
export type MenuCommand = 'export' | 'exportHtml' | 'sync' | 'settings';
export interface ShellEvents {
  'app:menu': { command: MenuCommand };
}
export const shellEventNames = { 'app:menu': true } as const satisfies Record<keyof ShellEvents, true>;

/** A service address: http(s), no credentials or query in it; plain http only on loopback. */
export function baseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'the service address must be a URL such as https://feedback.example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'the service address must start with https://';
  if (url.username || url.password) return 'the service address must not contain a user name or password';
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback)
    return 'the service address must use https:// (plain http:// only on this computer)';
  return null;
}

export const connectionsArgs: ArgParsers<ConnectionsCommands> = {
  'connections:list': parseNoArgs,
  'connections:test': parserOf(connectionDraft),
  'connections:save': parserOf(profileDraft),
  'connections:switch': parserOf(switchArgs),
  'connections:remove': parserOf(removeArgs),
  'connections:setSyncOnStart': parserOf(syncOnStartArgs),
};

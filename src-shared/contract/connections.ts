// The connections domain of the contract: connection profiles (name, service address, which credentials), testing
// credentials against the service before anything is stored, switching and removing profiles, where secrets live.
import { bad, isPlainObject, parseEmpty, unknownKey, type ArgParsers, type Parsed } from './parse.ts';

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

/** What the form sends. Tokens cross from the renderer once, to be tested and stored; they never come back. */
export interface ConnectionDraft {
  baseUrl: string;
  v2Token?: string;
  v1ClientId?: string;
  v1Token?: string;
}

export interface ProfileDraft extends ConnectionDraft {
  name: string;
}

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
  'connections:switch': { args: { name: string | null }; result: ConnectionsState };
  'connections:remove': {
    args: { name: string; deleteData: boolean };
    result: { state: ConnectionsState; deletedFiles: string[] };
  };
  'connections:setSyncOnStart': { args: { enabled: boolean }; result: ConnectionsState };
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

export const profileNamePattern = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,39}$/u;
const maxSecret = 4096;

function text(value: unknown, name: string, max: number): Parsed<string | undefined> {
  if (value === undefined || value === '') return { ok: true, args: undefined };
  if (typeof value !== 'string') return bad(`${name} must be text`);
  if (value.length > max) return bad(`${name} is longer than ${max} characters`);
  return { ok: true, args: value.trim() || undefined };
}

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

function parseDraft(
  value: unknown,
  extra: readonly string[],
): Parsed<ConnectionDraft & Record<string, unknown>> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const unknown = unknownKey(value, ['baseUrl', 'v2Token', 'v1ClientId', 'v1Token', ...extra]);
  if (unknown) return bad(`unexpected argument '${unknown}'`);
  const baseUrl = text(value.baseUrl, 'the service address', 500);
  if (!baseUrl.ok) return baseUrl;
  if (!baseUrl.args) return bad('the service address is missing');
  const problem = baseUrlProblem(baseUrl.args);
  if (problem) return bad(problem);
  const v2Token = text(value.v2Token, 'the v2 token', maxSecret);
  const v1ClientId = text(value.v1ClientId, 'the v1 client id', 200);
  const v1Token = text(value.v1Token, 'the v1 token', maxSecret);
  if (!v2Token.ok) return v2Token;
  if (!v1ClientId.ok) return v1ClientId;
  if (!v1Token.ok) return v1Token;
  if (!v2Token.args && !v1Token.args) return bad('give a v2 token, or a v1 client id and token, or both');
  if (Boolean(v1ClientId.args) !== Boolean(v1Token.args))
    return bad('the v1 client id and the v1 token go together: give both or neither');
  return {
    ok: true,
    args: {
      baseUrl: new URL(baseUrl.args).origin,
      ...(v2Token.args ? { v2Token: v2Token.args } : {}),
      ...(v1ClientId.args ? { v1ClientId: v1ClientId.args } : {}),
      ...(v1Token.args ? { v1Token: v1Token.args } : {}),
    },
  };
}

function parseName(value: unknown): Parsed<string> {
  if (typeof value !== 'string' || !profileNamePattern.test(value.trim()))
    return bad('the profile name must be 1–40 letters, digits, spaces, dots, dashes or underscores');
  const name = value.trim();
  if (['demo', 'default'].includes(name.toLowerCase()))
    return bad(`'${name}' is reserved for the demo data; choose another name`);
  return { ok: true, args: name };
}

export const connectionsArgs: ArgParsers<ConnectionsCommands> = {
  'connections:list': parseEmpty,
  'connections:test': (value) => {
    const d = parseDraft(value, []);
    return d.ok ? { ok: true, args: { ...d.args } } : d;
  },
  'connections:save': (value) => {
    const d = parseDraft(value, ['name']);
    if (!d.ok) return d;
    const name = parseName(isPlainObject(value) ? value.name : undefined);
    if (!name.ok) return name;
    const { baseUrl, v2Token, v1ClientId, v1Token } = d.args;
    return {
      ok: true,
      args: {
        name: name.args,
        baseUrl,
        ...(v2Token ? { v2Token } : {}),
        ...(v1ClientId ? { v1ClientId } : {}),
        ...(v1Token ? { v1Token } : {}),
      },
    };
  },
  'connections:switch': (value) => {
    if (!isPlainObject(value)) return bad('arguments must be an object');
    const unknown = unknownKey(value, ['name']);
    if (unknown) return bad(`unexpected argument '${unknown}'`);
    if (value.name === null) return { ok: true, args: { name: null } };
    if (typeof value.name !== 'string' || !profileNamePattern.test(value.name))
      return bad('name must be a profile name or null (the demo data)');
    return { ok: true, args: { name: value.name } };
  },
  'connections:remove': (value) => {
    if (!isPlainObject(value)) return bad('arguments must be an object');
    const unknown = unknownKey(value, ['name', 'deleteData']);
    if (unknown) return bad(`unexpected argument '${unknown}'`);
    if (typeof value.name !== 'string' || !profileNamePattern.test(value.name))
      return bad('name must be a profile name');
    if (typeof value.deleteData !== 'boolean') return bad('deleteData must be true or false');
    return { ok: true, args: { name: value.name, deleteData: value.deleteData } };
  },
  'connections:setSyncOnStart': (value) => {
    if (!isPlainObject(value)) return bad('arguments must be an object');
    const unknown = unknownKey(value, ['enabled']);
    if (unknown) return bad(`unexpected argument '${unknown}'`);
    if (typeof value.enabled !== 'boolean') return bad('enabled must be true or false');
    return { ok: true, args: { enabled: value.enabled } };
  },
};

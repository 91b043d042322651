// The Chromium behind the stand-in's windows (playwright-core, Debian's /usr/bin/chromium, the e2e suite's flags) and
// Electron's session and protocol on top of it. Chromium cannot load a custom scheme, so a privileged scheme's
// `app://host/path` is shown to the page as `https://host.<scheme>.standin.invalid/path` and every request is
// routed here: main sees app:// addresses throughout (protocol.handle's Request, webRequest's details, the IPC
// sender's frame URL), its protocol handler answers them, and its webRequest listeners can cancel any request and
// rewrite every answer's headers (the CSP the app sets).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Route } from 'playwright-core';

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
type BeforeRequest = (
  details: { url: string; method: string; resourceType: string },
  callback: (response: { cancel?: boolean }) => void,
) => void;
type HeadersReceived = (
  details: { url: string; statusCode: number; responseHeaders: Record<string, string[]> },
  callback: (response: { cancel?: boolean; responseHeaders?: Record<string, string | string[]> }) => void,
) => void;

const privileged = new Set<string>();
const handlers = new Map<string, ProtocolHandler>();
let beforeRequest: BeforeRequest | null = null;
let headersReceived: HeadersReceived | null = null;
const recorded: { permissionHandlers: string[] } = { permissionHandlers: [] };

const suffix = (scheme: string): string => `.${scheme}.standin.invalid`;

/** `app://renderer/x` → `https://renderer.app.standin.invalid/x` for a privileged scheme; others unchanged. */
export function toPageUrl(url: string): string {
  const parsed = new URL(url);
  const scheme = parsed.protocol.slice(0, -1);
  if (!privileged.has(scheme)) return url;
  return `https://${parsed.host}${suffix(scheme)}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The inverse of toPageUrl: what main sees. */
export function toAppUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  for (const scheme of privileged) {
    if (parsed.protocol === 'https:' && parsed.hostname.endsWith(suffix(scheme)))
      return `${scheme}://${parsed.hostname.slice(0, -suffix(scheme).length)}${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  return url;
}

export const protocol = {
  registerSchemesAsPrivileged(
    schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>,
  ): void {
    if (context)
      throw new Error('protocol.registerSchemesAsPrivileged must be called before the app is ready');
    for (const { scheme, privileges } of schemes)
      if (privileges?.standard && privileges.secure) privileged.add(scheme);
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    if (handlers.has(scheme)) throw new Error(`The scheme '${scheme}' is already handled`);
    handlers.set(scheme, handler);
  },
  unhandle(scheme: string): void {
    handlers.delete(scheme);
  },
  isProtocolHandled: (scheme: string): boolean => handlers.has(scheme),
};

export const defaultSession = {
  setPermissionRequestHandler: () => void recorded.permissionHandlers.push('request'),
  setPermissionCheckHandler: () => void recorded.permissionHandlers.push('check'),
  setDevicePermissionHandler: () => void recorded.permissionHandlers.push('device'),
  webRequest: {
    onBeforeRequest(listener: BeforeRequest | null): void {
      beforeRequest = listener;
    },
    onHeadersReceived(listener: HeadersReceived | null): void {
      headersReceived = listener;
    },
  },
  /** The networking helper's proxy lookup: no proxy on the test machine. */
  resolveProxy: async (_url: string): Promise<string> => 'DIRECT',
};

function headerLists(headers: Headers | Record<string, string>): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) (lists[name] ??= []).push(value);
  return lists;
}

function flat(headers: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  );
}

const ask = <T>(call: (callback: (answer: T) => void) => void): Promise<T> =>
  new Promise((done) => call(done));

async function routeRequest(route: Route): Promise<void> {
  const request = route.request();
  const url = toAppUrl(request.url());
  const details = { url, method: request.method(), resourceType: request.resourceType() };
  if (beforeRequest) {
    const listener = beforeRequest;
    const { cancel } = await ask<{ cancel?: boolean }>((callback) => listener(details, callback));
    if (cancel) return route.abort('blockedbyclient');
  }
  const scheme = new URL(url).protocol.slice(0, -1);
  let status: number;
  let headers: Record<string, string[]>;
  let body: Buffer;
  const handler = handlers.get(scheme);
  if (handler) {
    const response = await handler(
      new Request(url, { method: request.method(), headers: await request.allHeaders() }),
    );
    status = response.status;
    headers = headerLists(response.headers);
    body = Buffer.from(await response.arrayBuffer());
  } else if (privileged.has(scheme)) {
    return route.abort('failed');
  } else {
    const fetched = await route.fetch();
    status = fetched.status();
    headers = headerLists(fetched.headers());
    body = await fetched.body();
  }
  if (headersReceived) {
    const listener = headersReceived;
    const answer = await ask<{ cancel?: boolean; responseHeaders?: Record<string, string | string[]> }>(
      (callback) => listener({ ...details, statusCode: status, responseHeaders: headers }, callback),
    );
    if (answer.cancel) return route.abort('blockedbyclient');
    if (answer.responseHeaders) headers = headerLists(flat(answer.responseHeaders));
  }
  await route.fulfill({ status, headers: flat(headers), body });
}

let context: BrowserContext | null = null;

/** The flags the e2e suite gives Chromium (playwright.config.ts). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts Chromium with a profile in `profileDir`; a test reaches it over CDP at the endpoint returned. */
export async function startBrowser(
  profileDir: string,
): Promise<{ context: BrowserContext; cdpEndpoint: string }> {
  mkdirSync(profileDir, { recursive: true });
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: null,
    args: [...chromiumFlags, '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1'],
  });
  await context.route('**/*', (route) =>
    routeRequest(route).catch(async (error: unknown) => {
      console.error(`electron stand-in: ${toAppUrl(route.request().url())} failed: ${String(error)}`);
      await route.abort('failed').catch(() => undefined);
    }),
  );
  const port = readFileSync(join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  return { context, cdpEndpoint: `http://127.0.0.1:${port}` };
}

export async function stopBrowser(): Promise<void> {
  const current = context;
  context = null;
  await current?.close().catch(() => undefined);
}

// How requests reach the service: the proxy and the trusted certificates as plain data (they cross into threads), the
// proxy chosen from the environment (CLI, web mode) or the system's settings (desktop: shell/network.ts), the fetch.
import * as tls from 'node:tls';
import { Agent, ProxyAgent, fetch as undiciFetch } from 'undici';
import type { RequestInit as UndiciRequestInit } from 'undici';
import { ApiError, isAbortError } from './errors.ts';

export interface NetworkSettings {
  /** The proxy for the service's address (`http://host:port`, user and password included if it needs them), or null. */
  proxy: string | null;
  /** Where the choice came from, for `--verbose` and messages: e.g. 'HTTPS_PROXY', 'NO_PROXY', "the system's settings". */
  proxySource: string;
  /** Trust the operating system's certificate store too (besides Node's bundled CAs and NODE_EXTRA_CA_CERTS). */
  systemCa: boolean;
  /** More CA certificates (PEM) to trust, e.g. a test's own CA. */
  extraCa?: string[];
}

const loopback = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** `http://user:***@host:port`: a proxy address as it may be shown (its password never is). */
export function showProxy(proxy: string): string {
  try {
    const u = new URL(proxy);
    if (u.password) u.password = '***';
    return u.href.replace(/\/$/, '');
  } catch {
    return '(an unreadable proxy address)';
  }
}

/** A proxy address as given (`host:port` means `http://host:port`), checked; throws a `config` ApiError. */
function proxyUrl(raw: string, name: string): string {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new ApiError(
      'config',
      `${name} is not a proxy address ('${showProxy(text)}'); give http://host:port.`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new ApiError(
      'config',
      `${name} names a ${u.protocol.slice(0, -1)} proxy, which Feedback Desk cannot use; give an http:// or https:// proxy.`,
    );
  return u.href.replace(/\/$/, '');
}

/** Whether NO_PROXY (comma or space separated; `*`, `host`, `.domain`, `*.domain`, each with an optional `:port`) lists the target. */
export function noProxyMatches(noProxy: string, target: URL): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const m = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[(.*)\](:\d+)?$/, '$1$2'));
    const name = (m?.[1] ?? '').replace(/^\*?\./, '');
    if (m?.[2] && m[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/**
 * The proxy for `target` from the environment, as curl and Node read it: `https_proxy`/`HTTPS_PROXY` for https (else
 * the http one), `http_proxy`/`HTTP_PROXY` for http, none for what `no_proxy`/`NO_PROXY` lists. Without NO_PROXY,
 * loopback addresses go direct (the emulator); set NO_PROXY (even empty) to send them through the proxy too.
 */
export function proxyFromEnv(target: string | URL, env: NodeJS.ProcessEnv): NetworkSettings {
  const url = new URL(target);
  const pick = (lower: string, upper: string): [string, string] | null => {
    const value = env[lower] || env[upper];
    return value ? [value, env[lower] ? lower : upper] : null;
  };
  const chosen =
    url.protocol === 'https:'
      ? (pick('https_proxy', 'HTTPS_PROXY') ?? pick('http_proxy', 'HTTP_PROXY'))
      : pick('http_proxy', 'HTTP_PROXY');
  const base = { systemCa: true };
  if (!chosen) return { ...base, proxy: null, proxySource: 'no proxy variable is set' };
  const noProxy = env.no_proxy ?? env.NO_PROXY;
  const noProxyName = env.no_proxy !== undefined ? 'no_proxy' : 'NO_PROXY';
  if (noProxy === undefined && loopback(url.hostname))
    return {
      ...base,
      proxy: null,
      proxySource: `${url.hostname} is this computer (set NO_PROXY to proxy it)`,
    };
  if (noProxy !== undefined && noProxyMatches(noProxy, url))
    return { ...base, proxy: null, proxySource: `${noProxyName} lists ${url.hostname}` };
  return { ...base, proxy: proxyUrl(chosen[0], chosen[1]), proxySource: chosen[1] };
}

/**
 * What Chromium's proxy resolution answers (`session.resolveProxy`: PAC syntax, e.g. `PROXY p:8080; DIRECT`) as
 * settings: the first entry Feedback Desk can use. SOCKS is refused with a sentence (the sync's threads speak HTTP
 * proxies only).
 */
export function proxyFromPac(answer: string): NetworkSettings {
  const base = { systemCa: true };
  for (const part of answer.split(';')) {
    const [kind = '', address = ''] = part.trim().split(/\s+/);
    const k = kind.toUpperCase();
    if (k === 'DIRECT' || k === '')
      return { ...base, proxy: null, proxySource: "the system's settings (direct)" };
    if (k === 'PROXY')
      return { ...base, proxy: proxyUrl(address, 'The system proxy'), proxySource: "the system's settings" };
    if (k === 'HTTPS')
      return {
        ...base,
        proxy: proxyUrl(`https://${address}`, 'The system proxy'),
        proxySource: "the system's settings",
      };
  }
  throw new ApiError(
    'config',
    `The system's proxy settings name only a SOCKS proxy ('${answer.trim()}'), which the sync cannot use; ask for an HTTP proxy address, or set the system proxy to one.`,
  );
}

/** One line for `--verbose`: how requests to `target` travel. */
export function describeNetwork(settings: NetworkSettings, target: string | URL): string {
  const host = new URL(target).host;
  const route = settings.proxy
    ? `through the proxy ${showProxy(settings.proxy)} (from ${settings.proxySource})`
    : `directly (${settings.proxySource})`;
  const trust = [
    "Node's bundled CAs",
    ...(settings.systemCa ? ["the system's certificate store"] : []),
    ...(process.env.NODE_EXTRA_CA_CERTS ? [`NODE_EXTRA_CA_CERTS (${process.env.NODE_EXTRA_CA_CERTS})`] : []),
    ...(settings.extraCa?.length ? [`${settings.extraCa.length} more CA certificate(s)`] : []),
  ];
  return `Network: requests to ${host} go ${route}; certificates trusted: ${trust.join(', ')}.`;
}

/** A request that failed on its way, with the proxy it took (netFailure.ts words it). */
export class FetchFailure extends Error {
  override name = 'FetchFailure';
  readonly proxy: string | null;
  readonly proxySource: string;
  constructor(cause: unknown, settings: NetworkSettings) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.proxy = settings.proxy === null ? null : showProxy(settings.proxy);
    this.proxySource = settings.proxySource;
  }
}

let systemCas: string[] | null = null;

/** Node's default CAs (bundled and NODE_EXTRA_CA_CERTS), the system's when asked, and any extra; null: no change. */
function trustedCas(settings: NetworkSettings): string[] | null {
  if (!settings.systemCa && !settings.extraCa?.length) return null;
  // Feature-checked: an Electron whose Node predates these answers keeps Node's default store.
  if (typeof tls.getCACertificates !== 'function')
    return settings.extraCa?.length ? [...tls.rootCertificates, ...settings.extraCa] : null;
  if (settings.systemCa && systemCas === null) {
    try {
      systemCas = tls.getCACertificates('system');
    } catch {
      systemCas = [];
    }
  }
  return [
    ...new Set([
      ...tls.getCACertificates('default'),
      ...(settings.systemCa ? (systemCas ?? []) : []),
      ...(settings.extraCa ?? []),
    ]),
  ];
}

/** A fetch that takes the settings' proxy and trusts their certificates; failures come as FetchFailure. */
export function createNetworkFetch(settings: NetworkSettings): typeof globalThis.fetch {
  const cas = trustedCas(settings);
  const connect = cas ? { secureContext: tls.createSecureContext({ ca: cas }) } : {};
  const dispatcher = settings.proxy
    ? new ProxyAgent({ uri: settings.proxy, requestTls: connect, proxyTls: connect })
    : new Agent({ connect });
  const networkFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    try {
      const target = input instanceof Request ? input.url : input;
      // undici's own fetch (with its dispatcher); its Request and Response are the web standard's shapes.
      const res = await undiciFetch(target, { ...(init as UndiciRequestInit), dispatcher });
      return res as unknown as Response;
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new FetchFailure(error, settings);
    }
  };
  return networkFetch;
}

/** Settings for a target address: from the environment, or the system's proxy resolution (desktop). */
export type ResolveNetwork = (target: string) => NetworkSettings | Promise<NetworkSettings>;

/** A fetch that looks up each origin's settings once and keeps one connection pool per distinct setting. */
export function createRoutedFetch(resolve: ResolveNetwork): typeof globalThis.fetch {
  const byOrigin = new Map<string, Promise<typeof globalThis.fetch>>();
  const bySettings = new Map<string, typeof globalThis.fetch>();
  const fetchFor = (origin: string): Promise<typeof globalThis.fetch> => {
    let found = byOrigin.get(origin);
    if (!found) {
      found = Promise.resolve(resolve(origin)).then((settings) => {
        const key = JSON.stringify(settings);
        let f = bySettings.get(key);
        if (!f) bySettings.set(key, (f = createNetworkFetch(settings)));
        return f;
      });
      // A failed lookup (a SOCKS-only setting) is said now and looked up again next time.
      found.catch(() => byOrigin.delete(origin));
      byOrigin.set(origin, found);
    }
    return found;
  };
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return (await fetchFor(url.origin))(input, init);
  };
}

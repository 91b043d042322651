// What a failed request means, in words: a short reason for retry notes, and for failures that retrying cannot
// mend (an untrusted certificate, plain HTTP behind https://, a proxy that refuses) the one sentence to say at once.
// Node's errors (undici, OpenSSL codes) and Chromium's (`net::ERR_…`, Electron's net.fetch) alike.
import { FetchFailure } from './network.ts';

export interface NetFailure {
  /** A few words for "retrying (…)" and the sentence after the last attempt. */
  reason: string;
  /** The whole sentence when retrying cannot help (said after the first attempt), else null. */
  final: string | null;
}

const trustAdvice =
  "If your company's network inspects HTTPS, trust its CA certificate: add it to the system's certificate store, or name its PEM file in NODE_EXTRA_CA_CERTS. Nothing stored was changed.";

/** Why a certificate did not verify, by OpenSSL's or Chromium's code; null when the code is not about one. */
function certificateProblem(code: string): string | null {
  switch (code) {
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'CERT_UNTRUSTED':
    case 'ERR_CERT_AUTHORITY_INVALID':
      return 'it was issued by a certificate authority this computer does not trust';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return 'it is self-signed';
    case 'CERT_HAS_EXPIRED':
      return "it has expired (or this computer's clock is wrong)";
    case 'CERT_NOT_YET_VALID':
      return "it is not valid yet (or this computer's clock is wrong)";
    case 'ERR_CERT_DATE_INVALID':
      return "it has expired or is not valid yet (or this computer's clock is wrong)";
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'ERR_CERT_COMMON_NAME_INVALID':
      return 'it was issued for another name';
    case 'CERT_REVOKED':
    case 'ERR_CERT_REVOKED':
      return 'it has been revoked';
  }
  return code.startsWith('CERT_') || code.startsWith('ERR_CERT_') ? 'it could not be verified' : null;
}

/** The error and its causes, outermost first. */
function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && out.length < 8;) {
    out.push(e);
    e = e instanceof Error ? e.cause : undefined;
  }
  return out;
}

const codeOf = (e: unknown): string =>
  e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : '';
const bytesRead = (e: unknown): number => {
  const socket = e && typeof e === 'object' && 'socket' in e ? e.socket : null;
  return socket && typeof socket === 'object' && 'bytesRead' in socket && typeof socket.bytesRead === 'number'
    ? socket.bytesRead
    : 0;
};
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The failure of one request to `target` (a fetch rejection, not an HTTP status). */
// eslint-disable-next-line max-lines-per-function, complexity -- a table in code: each cause of a failed fetch (DNS, refused, reset, TLS, proxy, timeout) and its sentence
export function describeFetchFailure(error: unknown, target: URL): NetFailure {
  const links = chain(error);
  const via = links.find((e): e is FetchFailure => e instanceof FetchFailure);
  const proxy = via?.proxy ?? null;
  const codes = links.map(codeOf).filter((c) => c !== '');
  // Chromium (Electron's net.fetch) says `net::ERR_…` in the message.
  const chromium = links.map((e) => /net::(ERR_[A-Z_0-9]+)/.exec(messageOf(e))?.[1]).find((c) => c);
  const code = chromium ?? codes.find((c) => c !== 'UND_ERR_ABORTED' && c !== 'ABORT_ERR') ?? codes[0] ?? '';
  const host = target.hostname;

  const cert = certificateProblem(code);
  if (cert) {
    const mismatch = cert === 'it was issued for another name';
    return {
      reason: `the certificate of ${host} is not trusted`,
      final: `The certificate of ${host} is not trusted: ${cert} (${code}). ${
        mismatch
          ? `Check the service address; if it is right, the network may be redirecting ${host}. Nothing stored was changed.`
          : trustAdvice
      }`,
    };
  }
  if (
    target.protocol === 'https:' &&
    /^(ERR_SSL_WRONG_VERSION_NUMBER|ERR_SSL_PACKET_LENGTH_TOO_LONG|ERR_SSL_HTTP_REQUEST|ERR_SSL_PROTOCOL_ERROR)$/.test(
      code,
    )
  )
    return {
      reason: `${target.host} does not speak HTTPS`,
      final: `The server at ${target.host} does not speak HTTPS on that port (it answered in plain HTTP): check the service address, its scheme and port. Nothing stored was changed.`,
    };

  // A proxy that refuses the tunnel: undici says `Proxy response (403) !== 200 when HTTP Tunneling`.
  const tunnel = links.map((e) => /Proxy response \((\d+)\)/.exec(messageOf(e))?.[1]).find((s) => s);
  const proxyName = proxy ? `The proxy ${proxy}${via ? ` (from ${via.proxySource})` : ''}` : 'The proxy';
  if (tunnel === '407' || code === 'ERR_PROXY_AUTH_REQUESTED' || code === 'ERR_PROXY_AUTH_UNSUPPORTED')
    return {
      reason: 'the proxy asks for a password',
      final: `${proxyName} asks for a user name and password (407): give them in the proxy address (http://user:password@host:port), or ask your network administrator. Nothing stored was changed.`,
    };
  if (tunnel || code === 'ERR_TUNNEL_CONNECTION_FAILED')
    return {
      reason: 'the proxy refused the connection',
      final: `${proxyName} refused to connect to ${target.host}${tunnel ? ` (${tunnel})` : ''}: ask your network administrator to allow this address, or list it in NO_PROXY if it needs no proxy. Nothing stored was changed.`,
    };

  const viaProxy = (what: string): string => {
    if (!proxy) return what;
    // Node names the address it failed to reach (`address` and `port`, or `hostname`); when it is the proxy's, say so.
    const p = new URL(proxy.replace('***', 'x'));
    const proxyPort = Number(p.port || (p.protocol === 'https:' ? 443 : 80));
    const failed = links.find((e) => e && typeof e === 'object' && ('address' in e || 'hostname' in e));
    if (!failed || typeof failed !== 'object') return what;
    const address = 'address' in failed ? failed.address : 'hostname' in failed ? failed.hostname : null;
    const port = 'port' in failed ? failed.port : undefined;
    return address === p.hostname && (port === undefined || Number(port) === proxyPort)
      ? `the proxy ${proxy}: ${what}`
      : what;
  };
  switch (code) {
    case 'ECONNREFUSED':
    case 'ERR_CONNECTION_REFUSED':
      return { reason: viaProxy('connection refused'), final: null };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ERR_NAME_NOT_RESOLVED':
      return { reason: viaProxy('host not found'), final: null };
    case 'UND_ERR_SOCKET':
      // undici tells how much it had read: an answer begun and then closed is one cut short.
      if (links.some((e) => bytesRead(e) > 0)) return { reason: 'the answer was cut short', final: null };
      return { reason: 'connection reset', final: null };
    case 'ECONNRESET':
    case 'ERR_CONNECTION_RESET':
    case 'ERR_CONNECTION_CLOSED':
    case 'ERR_EMPTY_RESPONSE':
      return { reason: 'connection reset', final: null };
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ERR_TIMED_OUT':
    case 'ERR_CONNECTION_TIMED_OUT':
      return { reason: viaProxy('the connection timed out'), final: null };
    case 'ERR_INTERNET_DISCONNECTED':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return { reason: 'no network', final: null };
    case 'ERR_PROXY_CONNECTION_FAILED':
      return { reason: 'the proxy could not be reached', final: null };
    case 'ERR_CONTENT_LENGTH_MISMATCH':
    case 'ERR_INCOMPLETE_CHUNKED_ENCODING':
      return { reason: 'the answer was cut short', final: null };
  }
  if (/SSL|TLS/.test(code)) return { reason: `the secure connection failed (${code})`, final: null };
  const message = messageOf(links.at(-1));
  return {
    reason: code || (message === 'fetch failed' ? 'network error' : message || 'network error'),
    final: null,
  };
}

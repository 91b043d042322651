// Who may talk to the web bridge: the per-run session (URL token → cookie), and the Host / Origin / fetch-site checks.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface WebSession {
  /** Goes in the one URL `serve` prints; exchanged once per browser for the cookie. */
  readonly token: string;
  readonly cookieName: string;
  /** Set-Cookie value for a browser that presented the token. */
  setCookieHeader(): string;
  tokenMatches(candidate: string | null): boolean;
  /** Whether the request carries this run's session cookie. */
  hasSession(req: IncomingMessage): boolean;
  /** Host header names this server itself (defeats DNS rebinding: attacker.example → 127.0.0.1). */
  hostAllowed(req: IncomingMessage): boolean;
  /** For state-changing requests: the page making it is this server's own origin. */
  originAllowed(req: IncomingMessage): boolean;
  /** Sec-Fetch-Site, when the browser sends it: only same-origin requests and typed/opened URLs ('none'). */
  fetchSiteAllowed(req: IncomingMessage): boolean;
}

function secretEquals(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function createWebSession(port: number): WebSession {
  const token = randomBytes(32).toString('base64url');
  // A separate secret for the cookie, so the printed URL and the cookie are different strings.
  const cookieSecret = randomBytes(32).toString('base64url');
  // Cookies ignore ports: the name carries the port so two runs on one machine do not clobber each other.
  const cookieName = `feedback-desk-session-${port}`;
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    token,
    cookieName,
    setCookieHeader: () => `${cookieName}=${cookieSecret}; HttpOnly; SameSite=Strict; Path=/`,
    tokenMatches: (candidate) => candidate !== null && secretEquals(candidate, token),
    hasSession(req) {
      const value = cookieValue(req.headers.cookie, cookieName);
      return value !== null && secretEquals(value, cookieSecret);
    },
    hostAllowed: (req) => req.headers.host !== undefined && hosts.has(req.headers.host),
    originAllowed(req) {
      const { origin, host } = req.headers;
      return origin !== undefined && host !== undefined && hosts.has(host) && origin === `http://${host}`;
    },
    fetchSiteAllowed(req) {
      const site = req.headers['sec-fetch-site'];
      return site === undefined || site === 'same-origin' || site === 'none';
    },
  };
}

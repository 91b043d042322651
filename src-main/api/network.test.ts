// Which proxy a request takes (environment variables, Chromium's PAC answers), how it is shown, and Chromium's
// error codes worded like Node's (Electron cannot run here: its net.fetch rejects with `net::ERR_…` messages).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeFetchFailure } from './netFailure.ts';
import {
  FetchFailure,
  createNetworkFetch,
  describeNetwork,
  noProxyMatches,
  proxyFromEnv,
  proxyFromPac,
  showProxy,
} from './network.ts';

const https = 'https://feedback.example.com/v2/x';

describe('proxyFromEnv', () => {
  it('takes https_proxy before HTTPS_PROXY, and the http proxy when no https one is set', () => {
    expect(proxyFromEnv(https, { HTTPS_PROXY: 'http://a:1', https_proxy: 'http://b:2' })).toMatchObject({
      proxy: 'http://b:2',
      proxySource: 'https_proxy',
    });
    expect(proxyFromEnv(https, { HTTP_PROXY: 'proxy.corp:3128' })).toMatchObject({
      proxy: 'http://proxy.corp:3128',
      proxySource: 'HTTP_PROXY',
    });
    expect(proxyFromEnv('http://127.0.0.2:8/', { HTTPS_PROXY: 'http://a:1' }).proxy).toBeNull();
    expect(proxyFromEnv(https, {})).toMatchObject({ proxy: null, proxySource: 'no proxy variable is set' });
  });

  it('leaves loopback direct unless NO_PROXY is set, even empty', () => {
    const env = { HTTPS_PROXY: 'http://127.0.0.1:3128' };
    expect(proxyFromEnv('https://127.0.0.2:9/', env).proxy).toBeNull();
    expect(proxyFromEnv('https://127.0.0.2:9/', { ...env, NO_PROXY: '' }).proxy).toBe(
      'http://127.0.0.1:3128',
    );
  });

  it('honours NO_PROXY names, domains, wildcards and ports', () => {
    const target = new URL(https);
    expect(noProxyMatches('example.com', target)).toBe(true);
    expect(noProxyMatches('.example.com', target)).toBe(true);
    expect(noProxyMatches('*.example.com', target)).toBe(true);
    expect(noProxyMatches('other.com, feedback.example.com:443', target)).toBe(true);
    expect(noProxyMatches('feedback.example.com:8443', target)).toBe(false);
    expect(noProxyMatches('ample.com', target)).toBe(false);
    expect(noProxyMatches('*', target)).toBe(true);
    expect(proxyFromEnv(https, { HTTPS_PROXY: 'http://p:1', no_proxy: 'example.com' })).toMatchObject({
      proxy: null,
      proxySource: 'no_proxy lists feedback.example.com',
    });
  });

  it('refuses a SOCKS proxy with a sentence', () => {
    expect(() => proxyFromEnv(https, { HTTPS_PROXY: 'socks5://p:1080' })).toThrow(
      'HTTPS_PROXY names a socks5 proxy, which Feedback Desk cannot use; give an http:// or https:// proxy.',
    );
  });
});

describe('proxyFromPac (Chromium resolveProxy answers)', () => {
  it('takes the first usable entry', () => {
    expect(proxyFromPac('DIRECT').proxy).toBeNull();
    expect(proxyFromPac('PROXY proxy.corp:8080; DIRECT').proxy).toBe('http://proxy.corp:8080');
    expect(proxyFromPac('HTTPS secure.corp:443').proxy).toBe('https://secure.corp');
    expect(proxyFromPac('SOCKS5 s:1080; PROXY p:3128').proxy).toBe('http://p:3128');
    expect(() => proxyFromPac('SOCKS5 s:1080')).toThrow(/only a SOCKS proxy/);
  });
});

describe('showing a proxy', () => {
  it('never shows its password', () => {
    expect(showProxy('http://me:secret@p.corp:3128')).toBe('http://me:***@p.corp:3128');
    const line = describeNetwork(
      { proxy: 'http://me:secret@p.corp:3128', proxySource: 'HTTPS_PROXY', systemCa: true },
      https,
    );
    expect(line).toContain('through the proxy http://me:***@p.corp:3128 (from HTTPS_PROXY)');
    expect(line).not.toContain('secret');
  });
});

describe("Chromium's failures (Electron net.fetch)", () => {
  const target = new URL('https://feedback.example.com/v2/experience-points.json');
  const chromium = (code: string): Error => new Error(`net::${code}`);
  it('words certificates, plain HTTP and proxies like Node', () => {
    expect(describeFetchFailure(chromium('ERR_CERT_AUTHORITY_INVALID'), target).final).toMatch(
      /^The certificate of feedback\.example\.com is not trusted: it was issued by a certificate authority this computer does not trust \(ERR_CERT_AUTHORITY_INVALID\)\. .*NODE_EXTRA_CA_CERTS/,
    );
    expect(describeFetchFailure(chromium('ERR_SSL_PROTOCOL_ERROR'), target).final).toMatch(
      /does not speak HTTPS on that port/,
    );
    expect(describeFetchFailure(chromium('ERR_TUNNEL_CONNECTION_FAILED'), target).final).toMatch(
      /^The proxy refused to connect to feedback\.example\.com/,
    );
    expect(describeFetchFailure(chromium('ERR_CONNECTION_REFUSED'), target)).toEqual({
      reason: 'connection refused',
      final: null,
    });
  });

  it("names the proxy that refused a tunnel, from undici's message", () => {
    const refused = new FetchFailure(
      new Error('fetch failed', { cause: new Error('Proxy response (403) !== 200 when HTTP Tunneling') }),
      { proxy: 'http://u:pw@127.0.0.1:3128', proxySource: 'HTTPS_PROXY', systemCa: true },
    );
    expect(describeFetchFailure(refused, target).final).toBe(
      'The proxy http://u:***@127.0.0.1:3128 (from HTTPS_PROXY) refused to connect to feedback.example.com (403): ask your network administrator to allow this address, or list it in NO_PROXY if it needs no proxy. Nothing stored was changed.',
    );
  });

  it('says when it was the proxy that could not be reached (a real request to a closed port)', async () => {
    // A port just freed on loopback: nothing listens there; the target's port differs.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const closed = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const viaClosedProxy = createNetworkFetch({
      proxy: `http://127.0.0.1:${closed}`,
      proxySource: 'HTTPS_PROXY',
      systemCa: false,
    });
    const target = new URL('https://127.0.0.1:4443/v2/x');
    const error = await viaClosedProxy(target).then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeFetchFailure(error, target)).toEqual({
      reason: `the proxy http://127.0.0.1:${closed}: connection refused`,
      final: null,
    });
    const direct = createNetworkFetch({ proxy: null, proxySource: 'test', systemCa: false });
    const closedUrl = new URL(`http://127.0.0.1:${closed}/`);
    const refused = await direct(closedUrl).then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeFetchFailure(refused, closedUrl).reason).toBe('connection refused');
  });
});

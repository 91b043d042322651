// `login --check` and the network: the route said with --verbose, a web page at the address said at once, once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { v2TokenAccount } from '../../credentials/credentialStore.ts';
import { createSessionStore } from '../../credentials/sessionStore.ts';
import { createLoginCommand } from './login.ts';

describe('login --check --verbose against a website', () => {
  it('names the route, says the address is not the API after one request, and stores nothing', async () => {
    let requests = 0;
    const site = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>Sign in to the guest network</body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const store = createSessionStore();
    let stdout = '';
    let stderr = '';
    try {
      const code = await createLoginCommand({ createStore: () => store }).run(
        { 'base-url': base, 'v2-token-stdin': true, check: true, verbose: true },
        {
          stdout: { write: (t: string) => (stdout += t) },
          stderr: { write: (t: string) => (stderr += t) },
          stdin: Readable.from(['tok-web-1\n']),
          env: { HTTPS_PROXY: 'http://127.0.0.1:1' },
          signal: new AbortController().signal,
        },
      );
      expect(code).toBe(1);
      expect(stderr).toBe(
        [
          `Network: requests to ${new URL(base).host} go directly (no proxy variable is set); certificates trusted: Node's bundled CAs, the system's certificate store${process.env.NODE_EXTRA_CA_CERTS ? `, NODE_EXTRA_CA_CERTS (${process.env.NODE_EXTRA_CA_CERTS})` : ''}.`,
          `feedback-desk login: ${base} is not the service's API (it answered a web page for token/introspect): check the service address. Nothing was stored.`,
          '',
        ].join('\n'),
      );
      expect(stdout).toBe('');
      expect(requests).toBe(1);
      expect(await store.get(v2TokenAccount(base))).toBeNull();
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});

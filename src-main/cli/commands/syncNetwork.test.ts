// `sync` and the network at the command line: a web page at the service address said once, at once; which proxy a
// request takes (--verbose); a proxy Feedback Desk cannot use refused before anything starts.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../credentials/sessionStore.ts';
import { runCommand } from '../testing.ts';
import { createSyncCommand } from './sync.ts';

let dir: string;
let server: Server | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-cli-net-'));
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
  rmSync(dir, { recursive: true, force: true });
});

const sync = createSyncCommand({ createCredentialStore: () => createSessionStore() });
const window = ['--since', '2024-01-01', '--until', '2024-02-01'];

/** A website at every path, on loopback; returns its URL. */
async function startWebsite(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!DOCTYPE html><html><body>Welcome to our website</body></html>');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

describe('sync against a website instead of the API', { timeout: 30_000 }, () => {
  it('says so at once, with no retries, and names the address', async () => {
    const site = await startWebsite();
    const out = await runCommand(sync, ['--base-url', site.url, '--db', join(dir, 'w.sqlite'), ...window], {
      FEEDBACK_DESK_V2_TOKEN: 't',
    });
    expect(out.code).toBe(1);
    // Found by the sync service's first, quick request (the same probe the app's Sync now makes, so both say it alike).
    expect(out.stderr).toContain(
      `${site.url} is not the service's API (it answered a web page for token/introspect): check the service address. Nothing stored was changed.`,
    );
    expect(out.stdout + out.stderr).not.toMatch(/retrying|cut short|not valid JSON/);
    // The probe's request fails and nothing else is asked: one request.
    expect(site.requests()).toBe(1);
  });
});

describe('sync --verbose', { timeout: 30_000 }, () => {
  it('says that loopback goes direct while NO_PROXY is unset, and names the proxy once it is set', async () => {
    const site = await startWebsite();
    const base = ['--base-url', site.url, '--db', join(dir, 'v.sqlite'), ...window, '--verbose'];
    const direct = await runCommand(sync, base, {
      FEEDBACK_DESK_V2_TOKEN: 't',
      HTTP_PROXY: 'http://127.0.0.1:1',
    });
    expect(direct.stdout).toContain(
      `Network: requests to ${new URL(site.url).host} go directly (127.0.0.1 is this computer (set NO_PROXY to proxy it));`,
    );
    // A proxy that refuses every tunnel, and notes the credentials it was offered.
    const offered: string[] = [];
    const refusing = createServer();
    refusing.on('connect', (req, socket) => {
      offered.push(String(req.headers['proxy-authorization']));
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const proxyPort = (refusing.address() as AddressInfo).port;
    try {
      const proxied = await runCommand(sync, base, {
        FEEDBACK_DESK_V2_TOKEN: 't',
        HTTP_PROXY: `http://user:pw@127.0.0.1:${proxyPort}`,
        NO_PROXY: '',
      });
      const shown = `http://user:***@127.0.0.1:${proxyPort}`;
      expect(proxied.stdout).toContain(`go through the proxy ${shown} (from HTTP_PROXY)`);
      expect(proxied.stderr).toContain(
        `The proxy ${shown} (from HTTP_PROXY) refused to connect to ${new URL(site.url).host} (403): ask your network administrator to allow this address, or list it in NO_PROXY if it needs no proxy.`,
      );
      expect(proxied.stdout + proxied.stderr).not.toContain(':pw@');
      expect(offered[0]).toBe(`Basic ${Buffer.from('user:pw').toString('base64')}`);
      expect(site.requests()).toBe(1); // only the direct run reached the website
    } finally {
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('refuses a SOCKS proxy in one sentence before anything starts', async () => {
    const out = await runCommand(
      sync,
      ['--base-url', 'https://feedback.example.com', '--db', join(dir, 's.sqlite'), ...window],
      { FEEDBACK_DESK_V2_TOKEN: 't', HTTPS_PROXY: 'socks5://127.0.0.1:1080' },
    );
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(
      'feedback-desk sync: HTTPS_PROXY names a socks5 proxy, which Feedback Desk cannot use; give an http:// or https:// proxy.\n',
    );
    expect(out.stdout).toBe('');
  });
});

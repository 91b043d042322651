// The desktop's way to the service: Chromium's network stack (system proxy, PAC, the OS certificate store) on the
// main process, and the same proxy, resolved by Chromium, handed to the sync's threads as plain data.
import { session } from 'electron';
import { proxyFromPac } from '../api/network.ts';
import type { ResolveNetwork } from '../api/network.ts';

/** A session of its own: the app window's session refuses every request but its own files (desktop.ts). */
const partition = 'feedback-desk-service';

export interface DesktopNetwork {
  /** Requests on the main process (probe, verification, connection tests): Chromium's fetch; loopback http: Node's. */
  fetch: typeof globalThis.fetch;
  /** The proxy Chromium would take for an address (PAC included), for the sync's worker threads. */
  network: ResolveNetwork;
}

/** Call after `app.whenReady()`. Electron APIs used: `session.fromPartition`, `Session.fetch`, `Session.resolveProxy`. */
export function desktopNetwork(): DesktopNetwork {
  // Not persisted (no `persist:` prefix): the service needs no cookies or cache kept between runs.
  const ses = session.fromPartition(partition);
  return {
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      // The demo's emulator (plain http on loopback, megabytes a second): no proxy or certificate is involved, and
      // Node's stack spares the trip through Chromium's network service.
      if (/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]/.test(url))
        return globalThis.fetch(input, init);
      return ses.fetch(input instanceof URL ? input.href : input, init);
    },
    network: async (target) => proxyFromPac(await ses.resolveProxy(target)),
  };
}

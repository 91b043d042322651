// Server-sent events: pushes the contract's events to every open page of web mode.
import type { ServerResponse } from 'node:http';
import type { EventName, Events } from '#shared/contract.ts';

export interface EventStreamHub {
  /** Takes over a response as an event stream; false when too many pages are already listening. */
  attach(res: ServerResponse): boolean;
  broadcast<E extends EventName>(name: E, payload: Events[E]): void;
  close(): void;
}

export function createEventStreamHub(
  options: { maxClients?: number; heartbeatMs?: number } = {},
): EventStreamHub {
  const maxClients = options.maxClients ?? 8;
  const clients = new Set<ServerResponse>();
  // Comments keep idle connections (and proxies, if any) from timing out, and reveal dead sockets.
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  return {
    attach(res) {
      if (clients.size >= maxClients) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' });
      res.write('retry: 2000\n\n');
      clients.add(res);
      res.on('close', () => clients.delete(res));
      return true;
    },
    broadcast(name, payload) {
      // JSON.stringify never emits a raw newline, so one data line always holds the whole payload.
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const res of clients) res.write(frame);
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

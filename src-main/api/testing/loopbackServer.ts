// A real HTTP server on 127.0.0.1 for boundary tests: each request is answered by the test's handler.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: string;
  /** Every request seen, in order. */
  requests: { url: URL; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, index: number) => void;

export async function startLoopbackServer(handler: Handler): Promise<LoopbackServer> {
  const requests: LoopbackServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ url, headers: req.headers });
    handler(req, res, url, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

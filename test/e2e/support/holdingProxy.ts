// A loopback proxy in front of the service that holds back the history a newest-first sync fills in: every
// button-feedback page of a window that ends before the first window's end waits until the test releases it. So the
// moment "the newest days are stored, history is not" lasts as long as the test needs, without guessing a time.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  url: string;
  /** Requests held right now. */
  held(): number;
  /** Lets every held request through, and every later one. */
  release(): void;
  close(): Promise<void>;
}

export async function holdingProxy(target: string): Promise<HoldingProxy> {
  let newestEnd: string | null = null; // the end of the first window (the first page asked of the presses)
  let releasing = false;
  const waiting: (() => void)[] = [];
  const self = (): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const isHistory = (req: IncomingMessage): boolean => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.endsWith('/results/button-feedbacks.json')) return false;
    if (url.searchParams.get('limit') === '1') return false; // the search for the account's first day
    const end = url.searchParams.get('endDate');
    newestEnd ??= end;
    return end !== null && newestEnd !== null && end < newestEnd;
  };

  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] =>
          typeof e[1] === 'string' && !['host', 'connection', 'accept-encoding'].includes(e[0]),
      ),
    );
    fetch(`${target}${req.url ?? '/'}`, { headers: { ...headers, 'accept-encoding': 'identity' } })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        const out: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          // The Link of the next page names the service's address: point it at the proxy.
          if (k !== 'content-encoding' && k !== 'transfer-encoding' && k !== 'connection')
            out[k] = k === 'link' ? v.split(target).join(self()) : v;
        });
        out['content-length'] = String(body.length);
        res.writeHead(answer.status, out);
        res.end(body);
      })
      .catch(() => res.destroy());
  };

  const server = createServer((req, res) => {
    if (!releasing && isHistory(req)) waiting.push(() => forward(req, res));
    else forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: self(),
    held: () => waiting.length,
    release: () => {
      releasing = true;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

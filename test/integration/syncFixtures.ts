// Shared by the data-path integration tests: temp dirs, an independent count from the emulator's HTTP answers,
// and a canonical dump of a store for exact comparisons.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const demoToken = 'demo-v2-token';

export function tempDir(prefix = 'fd-it-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A page-for-page copy of a synced store (SQLite's online backup, so whatever still sits in its WAL is included):
 * where a test needs "a store that one full sync wrote" and another test of the file already ran that very sync,
 * copying it saves a second identical sync.
 */
export async function copyStore(from: string, to: string): Promise<void> {
  const db = new Database(from, { readonly: true });
  try {
    await db.backup(to);
  } finally {
    db.close();
  }
}

const day = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface RawFeedback {
  feedbackId: string;
  localTime: string;
  buttonIndex: number;
  experiencePointId: number;
}

/**
 * Every button feedback the service reports WITHOUT misuse (the service filters it), fetched with plain fetch in
 * 100-day windows from `start` to past `end` (epoch ms of UTC days; a different window cut than the sync's) by following X-More-Available with offset += items.
 * The local day is the first 10 characters of localTime: no date library, no store.
 */
export async function independentDailyCounts(
  baseUrl: string,
  range: { start: number; end: number },
): Promise<{ rows: { day: string; buttonIndex: number; count: number }[]; total: number }> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const { start, end } = range;
  for (let from = start; from < end; from += 100 * day) {
    for (let offset = 0; ;) {
      const url = `${baseUrl}/v2/results/button-feedbacks.json?startDate=${isoDay(from)}&endDate=${isoDay(from + 100 * day)}&limit=10000&offset=${offset}`;
      const res = await fetch(url, { headers: { 'X-Svc-API-Token': demoToken } });
      if (res.status !== 200) throw new Error(`${res.status} for ${url}`);
      const items = (await res.json()) as RawFeedback[];
      for (const f of items) {
        if (seen.has(f.feedbackId)) throw new Error(`feedback ${f.feedbackId} listed twice`);
        seen.add(f.feedbackId);
        const key = `${f.localTime.slice(0, 10)}|${f.buttonIndex}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      offset += items.length;
      if (res.headers.get('x-more-available') !== 'true') break;
    }
  }
  const rows = [...counts]
    .map(([key, count]) => {
      const [d, b] = key.split('|');
      return { day: d ?? '', buttonIndex: Number(b), count };
    })
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.buttonIndex - b.buttonIndex));
  return { rows, total: seen.size };
}

/** Everything a sync writes, in key order, hashed: equal dumps mean identical stores (run bookkeeping excluded). */
export function canonicalDump(path: string): {
  facts: number;
  factsHash: string;
  rollup: string;
  rollupDaily: string;
  tree: string;
  checkpoint: unknown;
} {
  const db = new Database(path, { readonly: true });
  try {
    const hash = createHash('sha256');
    let facts = 0;
    for (const row of db
      .prepare(
        `SELECT experience_point_id, local_time, hex(feedback_id) AS id, utc_offset_min, survey_id, smiley_id, button_index, misuse, position, ui
         FROM v2_button_feedback ORDER BY experience_point_id, local_time, feedback_id`,
      )
      .raw(true)
      .iterate()) {
      hash.update(JSON.stringify(row));
      facts++;
    }
    const all = (sql: string): string =>
      createHash('sha256')
        .update(JSON.stringify(db.prepare(sql).raw(true).all()))
        .digest('hex');
    // Cursors without `syncedAt` (when a run finished differs between runs; where it stands does not).
    const checkpoint = (
      db
        .prepare(
          "SELECT stream, cursor FROM sync_checkpoint WHERE stream LIKE 'v2:button-feedbacks%' ORDER BY stream",
        )
        .all() as {
        stream: string;
        cursor: string;
      }[]
    ).map(({ stream, cursor }) => {
      const { syncedAt: _ignored, ...rest } = JSON.parse(cursor) as Record<string, unknown>;
      return { stream, ...rest };
    });
    return {
      facts,
      factsHash: hash.digest('hex'),
      // The hourly node rollup (a point's hours are its facts, migration 0020); rows a swap took to zero say nothing.
      rollup: all(
        `SELECT * FROM v2_node_rollup_hourly WHERE ${Array.from({ length: 11 }, (_, b) => `n${b}`).join(' + ')} > 0
         ORDER BY 1, 2, 3, 4`,
      ),
      rollupDaily: all('SELECT * FROM v2_button_rollup_daily ORDER BY 1, 2, 3, 4'),
      tree: all('SELECT * FROM experience_point ORDER BY 1'),
      checkpoint,
    };
  } finally {
    db.close();
  }
}

/**
 * Runs `feedback-desk <args>` as a child process; with `killAfterMs`, sends it `killSignal` then, or, given a
 * condition instead, as soon as it holds (checked every 20 ms with what the child printed so far).
 */
export function runCliProcess(
  args: string[],
  env: Record<string, string>,
  killAfterMs?: number | ((stdout: string) => boolean),
  killSignal: NodeJS.Signals = 'SIGKILL',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const when = killAfterMs;
    const timer =
      when === undefined
        ? undefined
        : typeof when === 'number'
          ? setTimeout(() => child.kill(killSignal), when)
          : setInterval(() => {
              if (when(stdout)) {
                clearInterval(timer);
                child.kill(killSignal);
              }
            }, 20);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export const cliPath = join(import.meta.dirname, '../../bin/feedback-desk.js');

/**
 * Requests the emulator has answered for the demo token since the last call, read on the server's side from its
 * budget header (X-Svc-RateLimit-Remaining counts every request; this probe's own request is left out).
 */
export function requestCounter(baseUrl: string): () => Promise<number> {
  let last: number | null = null;
  return async () => {
    const res = await fetch(`${baseUrl}/v2/token/introspect`, { headers: { 'X-Svc-API-Token': demoToken } });
    await res.arrayBuffer();
    const remaining = Number(res.headers.get('x-svc-ratelimit-remaining'));
    const used = last === null ? 0 : last - remaining - 1;
    last = remaining;
    return used;
  };
}

/**
 * A loopback proxy in front of the service that revokes the token after `allowFeedbackPages` button-feedback
 * requests: from then on every request gets the service's own 401 body (a token revoked mid-run).
 */
export async function revokingProxy(
  target: string,
  allowFeedbackPages: number,
): Promise<{
  url: string;
  revoked: () => boolean;
  /** Refuses every request from now on, as a revoked token would be. */
  revoke: () => void;
  restore: () => void;
  close: () => Promise<void>;
}> {
  let feedbackPages = 0;
  let revoked = false;
  const self = (): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const server = createServer((req, res) => {
    if (
      !revoked &&
      (req.url ?? '').includes('/results/button-feedbacks.json') &&
      ++feedbackPages > allowFeedbackPages
    )
      revoked = true;
    if (revoked) {
      const body = JSON.stringify({ status: 401, error: 'Unauthorized', message: 'Unknown API token' });
      res.writeHead(401, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      return res.end(body);
    }
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: self(),
    revoked: () => revoked,
    revoke: () => {
      revoked = true;
    },
    restore: () => {
      revoked = false;
      feedbackPages = Number.NEGATIVE_INFINITY;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

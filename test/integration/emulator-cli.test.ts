// `feedback-desk emulator` run in-process: help, one-line usage errors, and a real start/serve/stop cycle.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNetworkFetch } from '../../src-main/api/network.ts';
import { makeTestCa, opensslAvailable } from '../../src-main/api/testing/testCa.ts';
import type { CliIO } from '../../src-main/cli/command.ts';
import { runCli } from '../../src-main/cli/index.ts';

function io(signal: AbortSignal = new AbortController().signal): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    stdin: process.stdin,
    env: {},
    signal,
  };
}

describe('feedback-desk emulator', () => {
  it('lists every option in --help', async () => {
    const t = io();
    expect(await runCli(['emulator', '--help'], t)).toBe(0);
    const help = t.out.join('');
    for (const option of [
      '--port',
      '--host',
      '--seed',
      '--size',
      '--now',
      '--rate-limit',
      '--faults',
      '--fault-percent',
      '--fault-after',
      '--fault-max',
      '--fault-seed',
      '--slow-ms',
      '--tls-cert',
      '--tls-key',
      '--incident',
      '--help',
    ])
      expect(help).toContain(option);
    expect(help).toContain('tiny|small|demo|large');
  });

  it.each([
    [['--size', 'huge'], '--size'],
    [['--port', 'eighty'], '--port'],
    [['--bogus'], '--bogus'],
    [['--now', 'yesterday'], '--now'],
    [['--rate-limit', '0'], '--rate-limit'],
    [['--faults', '500,boom'], '--faults'],
    [['--fault-percent', '150'], '--fault-percent'],
    [['--tls-cert', 'cert.pem'], '--tls-key'],
    [['--incident', 'point=1,from=2026-11-02,to=2026-11-01,negative=80'], '--incident'],
  ])('refuses %j with one line naming the option', async (args, name) => {
    const t = io();
    expect(await runCli(['emulator', ...args], t)).not.toBe(0);
    const err = t.err.join('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain(name);
  });

  it('says a busy port in one sentence before generating the world', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as AddressInfo).port;
    try {
      const t = io();
      const started = performance.now();
      expect(await runCli(['emulator', '--port', String(port), '--size', 'large'], t)).toBe(1);
      // The large world takes about a minute to generate: an answer this fast proves it was not generated.
      expect(performance.now() - started).toBeLessThan(5000);
      expect(t.out.join('')).toBe('');
      expect(t.err.join('')).toBe(
        `feedback-desk emulator: port ${port} on 127.0.0.1 is already in use (another emulator or server?); choose another with --port, or --port 0 for a free one\n`,
      );
    } finally {
      await new Promise((r) => holder.close(r));
    }
  });

  it('dumps a world to a fixture file and serves it back with --fixture', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fd-emulator-'));
    try {
      const file = join(dir, 'world.json');
      const t = io();
      expect(
        await runCli(
          ['emulator', '--size', 'tiny', '--seed', '8', '--now', '2026-11-21T14:00:00Z', '--dump', file],
          t,
        ),
      ).toBe(0);
      expect(t.out.join('')).toContain(file);
      const fixture = JSON.parse(await readFile(file, 'utf8')) as {
        format: string;
        presses: { time: number[] };
      };
      expect(fixture.format).toBe('feedback-desk-world');
      const controller = new AbortController();
      const s = io(controller.signal);
      const done = runCli(['emulator', '--port', '0', '--fixture', file], s);
      let url = '';
      for (let i = 0; i < 100 && !url; i++) {
        await new Promise((r) => setTimeout(r, 50));
        url = /listening on (http:\/\/\S+)/.exec(s.out.join(''))?.[1] ?? '';
      }
      expect(s.out.join('')).toContain(`${fixture.presses.time.length} presses`);
      const res = await fetch(`${url}/v2/experience-points.json`, {
        headers: { 'X-Svc-API-Token': 'demo-v2-token' },
      });
      expect(res.status).toBe(200);
      controller.abort();
      expect(await done).toBe(0);
      await writeFile(file, '{"format":"feedback-desk-world","version":1,"tree":[]}');
      const bad = io();
      expect(await runCli(['emulator', '--fixture', file], bad)).toBe(1);
      expect(bad.err.join('').trim().split('\n').at(-1)).toMatch(/fixture\./);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts with faults from the flags', async () => {
    const controller = new AbortController();
    const t = io(controller.signal);
    const args = [
      '--port',
      '0',
      '--size',
      'tiny',
      '--now',
      '2026-11-21T14:00:00Z',
      '--faults',
      '503',
      '--fault-after',
      '1',
      '--fault-max',
      '1',
    ];
    const done = runCli(['emulator', ...args], t);
    let url = '';
    for (let i = 0; i < 100 && !url; i++) {
      await new Promise((r) => setTimeout(r, 50));
      url = /listening on (http:\/\/\S+)/.exec(t.out.join(''))?.[1] ?? '';
    }
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}/v2/token/introspect`, {
        headers: { 'X-Svc-API-Token': 'demo-v2-token' },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 503, 200]);
    controller.abort();
    expect(await done).toBe(0);
  });

  it('prints the base URL and credentials, serves, and stops when signalled', async () => {
    const controller = new AbortController();
    const t = io(controller.signal);
    const done = runCli(
      ['emulator', '--port', '0', '--size', 'tiny', '--seed', '5', '--now', '2026-11-21T14:00:00Z'],
      t,
    );
    let url = '';
    for (let i = 0; i < 100 && !url; i++) {
      await new Promise((r) => setTimeout(r, 50));
      url = /listening on (http:\/\/\S+)/.exec(t.out.join(''))?.[1] ?? '';
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.out.join('')).toContain('demo-v2-token');
    expect(t.out.join('')).toContain('demo-client');
    const res = await fetch(`${url}/v2/experience-points.json`, {
      headers: { 'X-Svc-API-Token': 'demo-v2-token' },
    });
    expect(res.status).toBe(200);
    // The alerts are evaluated before it listens, and the count it prints is what the service then lists: counted
    // here through the API, year by year (its widest window) over more than the world's history, told apart by id
    // (an alert open across two windows is listed in both; one page holds a year's on `tiny`).
    const printed = Number(/ (\d+) alerts, generated in/.exec(t.out.join(''))?.[1]);
    const listed = new Set<number>();
    for (let start = Date.UTC(2018, 0, 1); start < Date.UTC(2026, 11, 1); start += 365 * 86_400_000) {
      const [from, to] = [start, start + 365 * 86_400_000].map((ms) =>
        new Date(ms).toISOString().slice(0, 10),
      );
      const page = await fetch(`${url}/v2/alerts.json?startDate=${from}&endDate=${to}&limit=10000`, {
        headers: { 'X-Svc-API-Token': 'demo-v2-token' },
      });
      for (const a of (await page.json()) as { alertId: number }[]) listed.add(a.alertId);
    }
    expect(printed).toBeGreaterThan(0);
    expect(listed.size).toBe(printed);
    controller.abort();
    expect(await done).toBe(0);
    await expect(fetch(`${url}/v2/experience-points.json`)).rejects.toThrow();
  });

  it.skipIf(!opensslAvailable())(
    'serves HTTPS with --tls-cert and --tls-key, its links on https:// too',
    async () => {
      const ca = makeTestCa(['127.0.0.1']);
      const controller = new AbortController();
      const t = io(controller.signal);
      try {
        const args = ['--port', '0', '--size', 'tiny', '--now', '2026-11-21T14:00:00Z'];
        const done = runCli(['emulator', ...args, '--tls-cert', ca.certFile, '--tls-key', ca.keyFile], t);
        let url = '';
        for (let i = 0; i < 100 && !url; i++) {
          await new Promise((r) => setTimeout(r, 50));
          url = /listening on (https:\/\/\S+)/.exec(t.out.join(''))?.[1] ?? '';
        }
        expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        const trusted = createNetworkFetch({
          proxy: null,
          proxySource: 'test',
          systemCa: false,
          extraCa: [ca.caPem],
        });
        const res = await trusted(
          `${url}/v2/results/button-feedbacks.json?startDate=2026-01-01&endDate=2026-11-21&limit=5`,
          { headers: { 'X-Svc-API-Token': 'demo-v2-token' } },
        );
        expect(res.status).toBe(200);
        expect(res.headers.get('link')).toMatch(new RegExp(`^<${url}/v2/results/button-feedbacks\\.json\\?`));
        controller.abort();
        expect(await done).toBe(0);
      } finally {
        controller.abort();
        ca.remove();
      }
    },
  );
});

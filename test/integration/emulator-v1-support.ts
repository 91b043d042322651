// Helpers of the v1 conformance tests: requests with either credential form, a server with small cursor pages,
// and an independent route to local times (Intl, not the emulator's ZoneClock) and to a survey's presses.
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createEmulatorServer } from '#emulator/http/server.ts';
import type { World } from '#emulator/index.ts';
import { type PageSizes } from '#emulator/v1/context.ts';
import { createV1Router } from '#emulator/v1/router.ts';
import { createV2Router } from '#emulator/v2/index.ts';
import type { Assignment } from '#emulator/world/types.ts';

export const NOW = new Date('2026-11-21T14:00:00Z');
export const DEMO = { 'X-Svc-Client-Id': 'demo-client', 'X-Svc-API-Token': 'demo-token' };
export const OTHER = { 'X-Svc-Client-Id': 'other-client', 'X-Svc-API-Token': 'other-token' };
export const basic = (user: string, password: string): Record<string, string> => ({
  Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

export interface RawItem {
  ts: string;
  r?: number;
  data?: number[];
  f?: { key: number; name: string };
  o?: { r?: number; text: string; relevance?: number; spam?: boolean };
}
export interface Cursor<T> {
  meta: { moreResultsAfter?: string };
  data: T[];
}

export async function v1(
  base: string,
  path: string,
  headers: Record<string, string> = DEMO,
): Promise<Response> {
  return fetch(`${base}/v1/${path}`, { headers });
}

export async function v1Json<T>(
  base: string,
  path: string,
  headers: Record<string, string> = DEMO,
): Promise<T> {
  const res = await v1(base, path, headers);
  expect(res.status, `${path}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The error form of DECISIONS.md, and (optionally) the parameter the message must name. */
export async function expectError(res: Response, status: number, mentions?: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { status: number; error: string; message: string };
  expect(body.status).toBe(status);
  expect(body.error.length).toBeGreaterThan(0);
  if (mentions) expect(body.message).toContain(mentions);
}

/** Follows meta.moreResultsAfter with date_start = it (DECISIONS.md), returning every page. */
export async function pagesOf<T>(base: string, path: string): Promise<Cursor<T>[]> {
  const pages: Cursor<T>[] = [];
  let start: string | undefined;
  const [p, q] = path.split('?');
  for (;;) {
    const query = new URLSearchParams(q ?? '');
    if (start !== undefined) query.set('date_start', start);
    const page = await v1Json<Cursor<T>>(base, `${p}?${query.toString()}`);
    pages.push(page);
    start = page.meta.moreResultsAfter;
    if (start === undefined) return pages;
    expect(pages.length).toBeLessThan(10_000);
  }
}

/** An emulator server for `world` whose v1 cursor pages are `pageSizes` (the real HTTP stack otherwise). */
export async function smallPageServer(
  world: World,
  pageSizes: Partial<PageSizes>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createEmulatorServer({
    world,
    rateLimit: 1_000_000,
    routers: { v2: createV2Router(world), v1: createV1Router(world, { pageSizes }) },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset (minutes) of a zone at an instant, from Intl's longOffset ("GMT+05:30"). */
export function intlOffset(zone: string, utcMs: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  const name = f.formatToParts(utcMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` of an instant in a zone (independent of the emulator). */
export function localTs(zone: string, utcMs: number): string {
  const off = intlOffset(zone, utcMs);
  const wall = new Date(utcMs + off * 60_000).toISOString().slice(0, 23);
  const abs = Math.abs(off);
  return `${wall}${off < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant of local midnight of `date` (yyyy-MM-dd) in a zone. */
export function localMidnight(zone: string, date: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let t = wall - intlOffset(zone, wall) * 60_000;
  t = wall - intlOffset(zone, t) * 60_000;
  return t;
}

/** A query-safe timestamp of local midnight of `date` in a zone (offset with colon, `+` encoded). */
export function midnightParam(zone: string, date: string): string {
  return encodeURIComponent(localTs(zone, localMidnight(zone, date)));
}

/** `yyyy-MM-dd` plus n days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Press indexes of an assignment, found by scanning every press for the assignment's devices. */
export function pressesOf(world: World, a: Assignment): number[] {
  const mine = new Set(a.smileyIndexes);
  const out: number[] = [];
  for (let i = 0; i < world.presses.count; i++) if (mine.has(world.presses.smiley[i] ?? -1)) out.push(i);
  return out;
}

/** Four-button assignments (v1 surveys), largest first. */
export function v1Assignments(world: World): Assignment[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < world.presses.count; i++) {
    const s = world.presses.smiley[i] ?? 0;
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const size = (a: Assignment): number => a.smileyIndexes.reduce((n, s) => n + (counts.get(s) ?? 0), 0);
  return world.assignments
    .filter((a) => world.surveys[a.surveyIndex]?.buttons === 4)
    .sort((x, y) => size(y) - size(x));
}

export function zoneOf(world: World, a: Assignment): string {
  return world.experiencePoints[a.epIndex]?.zone ?? 'UTC';
}

/** Button presses an item stands for: 1 for `{ts, r}`, the sum of `data` for hourly sums, 0 for split texts. */
export function pressCount(item: RawItem): number {
  if (item.r !== undefined) return 1;
  return (item.data ?? []).reduce((a, b) => a + b, 0);
}

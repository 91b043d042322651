// Builds a complete world from (seed, size, now) and answers the questions every API view asks of it.
import { awkwardWorld } from './awkward.ts';
import { DAY_MS, MINUTE_MS, formatTimestamp } from './calendar.ts';
import { SIZES } from './catalog.ts';
import { generatePresses } from './pressGenerator.ts';
import { generateFollowups } from './followups.ts';
import { CUSTOM_DATA_FIELDS, generateCustomData, generateUsers } from './people.ts';
import { hash32, keyedRng, mix32 } from './prng.ts';
import { generateStructure } from './structure.ts';
import { ZoneClock } from './timeZones.ts';
import type { Incident } from './incident.ts';
import type { World, WorldSize } from './types.ts';
import { indexWorld } from './worldIndex.ts';

export interface WorldOptions {
  seed?: number;
  size?: WorldSize;
  /** The world's present; defaults to the current time. */
  now?: Date;
  /** Incidents injected into the presses (world/incident.ts). */
  incidents?: readonly Incident[];
  /**
   * Only the presses of these local dates (`yyyy-MM-dd`, `to` excluded): the same presses, in the same order, as
   * the whole world has on those days, generated without the rest (tests and measurements of `xlarge`). Their
   * indexes start at 0, so feedbackIds differ from the whole world's; structure, users and custom data are whole.
   */
  windows?: readonly { from: string; to: string }[];
}

export const DEFAULT_SEED = 1;

export function generateWorld(options: WorldOptions = {}): World {
  const started = performance.now();
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  const size = options.size ?? 'tiny';
  const now = (options.now ?? new Date()).getTime();
  if (!Number.isFinite(now)) throw new Error('now must be a valid date');
  if (size === 'awkward') return awkwardWorld(seed, now);
  const nowDay = Math.floor(now / DAY_MS);
  const structure = generateStructure(seed, size, nowDay);
  const { historyDays, targetPresses, ratesByExpectation } = SIZES[size];
  // Zone tables cover every survey period (the 2019/2020 web survey too) and a margin past now.
  const earliest =
    Math.min(
      nowDay - historyDays - 10,
      ...structure.surveys.flatMap((s) => s.periods.map((p) => p.startDay)),
    ) * DAY_MS;
  const latest = (nowDay + 400) * DAY_MS;
  const zones = structure.zoneNames.map((z) => new ZoneClock(z, earliest, latest));
  const windows = options.windows?.map((w) => {
    const fromDay = Math.floor(Date.parse(`${w.from}T00:00:00Z`) / DAY_MS);
    const toDay = Math.floor(Date.parse(`${w.to}T00:00:00Z`) / DAY_MS);
    if (!(fromDay < toDay))
      throw new Error(`a window must be two dates yyyy-MM-dd, from before to, not ${w.from} … ${w.to}`);
    return { fromDay, toDay };
  });
  const { presses, expected } = generatePresses({
    seed,
    now,
    nowDay,
    targetPresses,
    historyDays,
    ...(ratesByExpectation && { ratesByExpectation }),
    structure,
    zones,
    ...(options.incidents && { incidents: options.incidents }),
    ...(windows && { windows }),
  });
  const extras = keyedRng(seed, 0xe7);
  return indexWorld({
    seed,
    size,
    now,
    nowDay,
    ...structure,
    zones,
    presses,
    expectedPresses: expected,
    ...(windows && { windows }),
    ...generateFollowups(extras, structure.surveys),
    users: generateUsers(extras, size, structure.nodes, now),
    customDataFields: CUSTOM_DATA_FIELDS,
    customDataValues: generateCustomData(extras, structure.experiencePoints, now),
    generationMs: performance.now() - started,
  });
}

/** Index of the first press at or after `utcMs` (presses are sorted by time). */
export function firstPressAtOrAfter(world: World, utcMs: number): number {
  const ts = world.presses.ts;
  let lo = 0;
  let hi = world.presses.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ts[mid] ?? 0) < utcMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 4 hex digits for every 16-bit value: two lookups per 32-bit word. */
const HEX4: string[] = Array.from({ length: 65_536 }, (_, i) => i.toString(16).padStart(4, '0'));

/**
 * The press's feedbackId: a version-4-shaped UUID derived from the seed and the press index (nothing
 * stored). One keyed hash, then three cheap re-mixes for the other 96 bits.
 */
export function feedbackId(world: World, index: number): string {
  const a = hash32(world.seed, index, 1);
  const b = mix32((a ^ 0x68e31da4) >>> 0);
  const c = mix32((b + 0x1b56c4e9) >>> 0);
  const d = mix32((c ^ 0xb5297a4d) >>> 0);
  return (
    `${HEX4[a >>> 16]}${HEX4[a & 0xffff]}-${HEX4[b >>> 16]}-4${HEX4[b & 0xfff]?.slice(1)}-` +
    `${HEX4[0x8000 | ((c >>> 16) & 0x3fff)]}-${HEX4[c & 0xffff]}${HEX4[d >>> 16]}${HEX4[d & 0xffff]}`
  );
}

/** UTC offset (minutes) of the press's experience point at the press's instant. */
export function pressOffset(world: World, index: number): number {
  const ep = world.experiencePoints[world.presses.ep[index] ?? 0];
  const zone = world.zones[ep?.zoneIndex ?? 0];
  return zone ? zone.offsetAt(world.presses.ts[index] ?? 0) : 0;
}

/** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` of the press in its experience point's zone. */
export function pressLocalTime(world: World, index: number): string {
  return formatTimestamp(world.presses.ts[index] ?? 0, pressOffset(world, index));
}

/** Local epoch day of the press at its experience point. */
export function pressLocalDay(world: World, index: number): number {
  return Math.floor(((world.presses.ts[index] ?? 0) + pressOffset(world, index) * MINUTE_MS) / DAY_MS);
}

const assignmentIndexCache = new WeakMap<World, Uint32Array[]>();

/**
 * Press indexes of each assignment (a v1 survey), in time order; built once per world on first use
 * (one pass, 4 bytes per press).
 */
export function pressesByAssignment(world: World): Uint32Array[] {
  const cached = assignmentIndexCache.get(world);
  if (cached) return cached;
  const { count, smiley } = world.presses;
  const assignmentOfSmiley = Int32Array.from(world.smileys, (s) => s.assignmentIndex);
  const counts = new Uint32Array(world.assignments.length);
  for (let i = 0; i < count; i++) {
    const a = assignmentOfSmiley[smiley[i] ?? 0] ?? 0;
    counts[a] = (counts[a] ?? 0) + 1;
  }
  const lists = Array.from(counts, (n) => new Uint32Array(n));
  const fill = new Uint32Array(world.assignments.length);
  for (let i = 0; i < count; i++) {
    const a = assignmentOfSmiley[smiley[i] ?? 0] ?? 0;
    const list = lists[a];
    const at = fill[a] ?? 0;
    if (list) list[at] = i;
    fill[a] = at + 1;
  }
  assignmentIndexCache.set(world, lists);
  return lists;
}

/** The subtree of a node as a node-index range [start, end). */
export function subtreeRange(world: World, nodeId: number): [number, number] | undefined {
  const node = world.nodeById.get(nodeId);
  return node ? [node.index, node.subtreeEnd] : undefined;
}

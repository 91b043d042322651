// Alert replay as a service: the packed press series of every specification's pair kept current (after each sync,
// and whenever a replay finds one older than the newest sync run), and the replay itself over an open store.
import type Database from 'better-sqlite3';
import type { AlertReplay, AlertReplayArgs } from '#shared/contract.ts';
import { combineReplays, replaySpecification, type SpecificationReplay } from '../analytics/alertReplay.ts';
import {
  alertSpecifications,
  dropOrphanSeries,
  dropOrphanSummaries,
  newestSeriesPress,
  newestSyncRun,
  pairSignature,
  readPairPresses,
  readSeries,
  replaySummaries,
  seriesStamps,
  serviceAlertSignatures,
  serviceAlertsOf,
  summaryStamps,
  touchReplaySummary,
  touchSeries,
  writeReplaySummary,
  writeSeries,
  type AlertSpecRow,
  type PackedSeries,
} from '../store/repos/alertSeriesRepo.ts';
import { v2PressesUnchangedSince } from '../store/repos/syncRunRepo.ts';

/** A specification that names no stored specification. */
export class AlertReplayNotFound extends Error {
  override name = 'AlertReplayNotFound';
}

export interface SeriesRefresh {
  /** Pairs whose series was read again from the presses. */
  built: number;
  /** Pairs found unchanged (their rollup signature) and only stamped with the newest run. */
  unchanged: number;
  /** Pairs already stamped with the newest run. */
  current: number;
  /** Presses read from the facts. */
  presses: number;
  /** Specifications replayed again with their configured values (their stored agreement and weeks). */
  summaries: number;
  ms: number;
}

/**
 * Brings every specification pair's series up to the newest sync run: a pair stamped with an older run (or none)
 * is current when no press has changed since that run (sync_run's counts), else has its signature (its presses
 * summed up, pairSignature) compared, and only a changed or missing one is read again from the presses (ordered by
 * instant). `force` rebuilds every pair. One transaction.
 */
export function refreshAlertSeries(db: Database.Database, options: { force?: boolean } = {}): SeriesRefresh {
  const t0 = performance.now();
  const out: SeriesRefresh = { built: 0, unchanged: 0, current: 0, presses: 0, summaries: 0, ms: 0 };
  const run = newestSyncRun(db);
  const stamps = seriesStamps(db);
  const pairs = new Map<string, { p: number; s: number }>();
  const specs = alertSpecifications(db);
  for (const spec of specs)
    pairs.set(`${spec.experiencePointId}:${spec.surveyId}`, { p: spec.experiencePointId, s: spec.surveyId });
  const stale = [...pairs].filter(([key]) => options.force || stamps.get(key)?.syncRunId !== run);
  out.current = pairs.size - stale.length;
  const orphans = [...stamps.keys()].some((k) => !pairs.has(k));
  const unchanged = unchangedSinceMemo(db, options.force === true);
  const toReplay = summariesToReplay(db, specs, run, unchanged, options.force);
  const { stale: staleSummaries, kept, stored, inputsOf } = toReplay;
  if (
    stale.length === 0 &&
    staleSummaries.length === 0 &&
    kept.length === 0 &&
    !orphans &&
    stored === specs.length
  )
    return { ...out, ms: performance.now() - t0 };
  db.transaction(() => {
    refreshPairs(db, stale, { stamps, run, unchanged, force: options.force === true }, out);
    for (const spec of kept) touchReplaySummary(db, spec.alertSpecificationId, run);
    dropOrphanSeries(db);
    dropOrphanSummaries(db);
    if (staleSummaries.length === 0) return;
    const present = newestSeriesPress(db);
    const series = seriesReader(db);
    for (const spec of pairOrder(staleSummaries).map((i) => staleSummaries[i] as AlertSpecRow)) {
      const part = replaySpecification(spec, series, serviceAlertsOf(db, spec), present, {});
      writeReplaySummary(db, {
        alertSpecificationId: spec.alertSpecificationId,
        syncRunId: run,
        parameters: spec.parameters,
        summary: JSON.stringify({ summary: part.summary, weeks: part.weeks }),
        inputs: inputsOf(spec),
      });
      out.summaries++;
    }
  }).immediate();
  return { ...out, ms: performance.now() - t0 };
}

/** Whether no press has changed since a run (v2PressesUnchangedSince), asked once per run; never when `force`. */
function unchangedSinceMemo(db: Database.Database, force: boolean): (since?: number) => boolean {
  const known = new Map<number, boolean>();
  return (since) => {
    if (since === undefined || force) return false;
    let u = known.get(since);
    if (u === undefined) known.set(since, (u = v2PressesUnchangedSince(db, since)));
    return u;
  };
}

/**
 * The specifications whose stored summary must be replayed again (none stored, other parameters, or computed for
 * an older run since which the presses, the specification's scale and type or its service alerts changed), those
 * whose summary is only restamped, how many summaries are stored, and what a summary records of its inputs.
 */
function summariesToReplay(
  db: Database.Database,
  specs: readonly AlertSpecRow[],
  run: number,
  unchanged: (since?: number) => boolean,
  force = false,
): {
  stale: AlertSpecRow[];
  kept: AlertSpecRow[];
  stored: number;
  inputsOf: (spec: AlertSpecRow) => string;
} {
  const summaries = summaryStamps(db);
  let alerts: Map<number, string> | null = null;
  const inputsOf = (spec: AlertSpecRow): string => {
    alerts ??= serviceAlertSignatures(db);
    return `${spec.scale ?? ''}|${spec.type}|${alerts.get(spec.alertSpecificationId) ?? '0'}`;
  };
  const kept: AlertSpecRow[] = [];
  const stale = specs.filter((spec) => {
    const r = summaries.get(spec.alertSpecificationId);
    if (force || !r || r.parameters !== spec.parameters) return true;
    if (r.syncRunId === run) return false;
    if (!unchanged(r.syncRunId) || r.inputs !== inputsOf(spec)) return true;
    kept.push(spec);
    return false;
  });
  return { stale, kept, stored: summaries.size, inputsOf };
}

/**
 * Each stale pair brought up to run `run`: current without reading its presses when none has changed since its
 * stamp's run, else when its signature is the stored one, else read again from the presses.
 */
function refreshPairs(
  db: Database.Database,
  stale: readonly [string, { p: number; s: number }][],
  o: {
    stamps: ReturnType<typeof seriesStamps>;
    run: number;
    unchanged: (since?: number) => boolean;
    force: boolean;
  },
  out: SeriesRefresh,
): void {
  const { unchanged } = o;
  for (const [key, { p, s }] of stale) {
    const stamp = o.stamps.get(key);
    const signature = unchanged(stamp?.syncRunId) ? null : pairSignature(db, p, s);
    if (signature === null || (!o.force && stamp?.signature === signature)) {
      touchSeries(db, p, s, o.run);
      out.unchanged++;
      continue;
    }
    const series = readPairPresses(db, p, s);
    writeSeries(db, p, s, series, o.run, signature);
    out.built++;
    out.presses += series.utc.length;
  }
}

/** The specifications' indices with those of one pair (point, survey) together, each pair's in their own order. */
function pairOrder(specs: readonly AlertSpecRow[]): number[] {
  return specs
    .map((_, i) => i)
    .sort((a, b) => {
      const x = specs[a] as AlertSpecRow;
      const y = specs[b] as AlertSpecRow;
      return x.experiencePointId - y.experiencePointId || x.surveyId - y.surveyId || a - b;
    });
}

function seriesReader(db: Database.Database): (spec: AlertSpecRow) => PackedSeries {
  // The last pair's series only: callers go through the specifications pair by pair (every pair's series at once
  // were the whole presses of `large`'s specified pairs, 2.5 million).
  let last: { key: string; series: PackedSeries } | null = null;
  const empty: PackedSeries = {
    utc: new Float64Array(0),
    offsetMin: new Int16Array(0),
    button: new Uint8Array(0),
  };
  return (spec) => {
    const key = `${spec.experiencePointId}:${spec.surveyId}`;
    if (last?.key !== key)
      last = { key, series: readSeries(db, spec.experiencePointId, spec.surveyId) ?? empty };
    return last.series;
  };
}

interface StoredSummary {
  summary: SpecificationReplay['summary'];
  weeks: number[];
}

/**
 * Replays the specifications (one, or every one) over the stored presses and matches them with the service's
 * alerts; with a what-if value, that specification's rule changed. Series and summaries found stale (older than
 * the newest sync run) are refreshed first. `summary` without a what-if value reads the stored summaries.
 */
export function replayAlertSpecifications(db: Database.Database, args: AlertReplayArgs = {}): AlertReplay {
  refreshAlertSeries(db);
  const specifications = alertSpecifications(db, args.specificationId);
  if (args.specificationId !== undefined && specifications.length === 0)
    throw new AlertReplayNotFound(
      `There is no alert specification ${args.specificationId} in this file; \`feedback-desk alerts replay\` without --spec lists them all.`,
    );
  const { specificationId: _id, summary, ...whatIf } = args;
  const present = newestSeriesPress(db);
  const changed = Object.keys(whatIf).length > 0;
  if (summary && !changed) {
    const stored = new Map(replaySummaries(db).map((r) => [r.alertSpecificationId, r.summary]));
    const parts = specifications.flatMap((spec): SpecificationReplay[] => {
      const text = stored.get(spec.alertSpecificationId);
      if (text === undefined) return [];
      const s = JSON.parse(text) as StoredSummary;
      return [
        {
          summary: s.summary,
          rows: [],
          weeks: s.weeks,
        },
      ];
    });
    return combineReplays(parts, present);
  }
  const series = seriesReader(db);
  // Pair by pair (the reader keeps one pair's series), each part in its specification's place.
  const parts: SpecificationReplay[] = new Array(specifications.length);
  for (const i of pairOrder(specifications)) {
    const spec = specifications[i] as AlertSpecRow;
    parts[i] = replaySpecification(spec, series, serviceAlertsOf(db, spec), present, whatIf);
  }
  const answer = combineReplays(parts, present);
  return summary ? { ...answer, rows: [] } : answer;
}

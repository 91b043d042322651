// Unusual moments answered from a data file: on the app's open connection (answers kept until the file changes) and
// for the command line (a file opened to read and closed again); the tests since 1 January of last year, brought up to
// each sync, answer the Unusual list's question without the rollups.
import type Database from 'better-sqlite3';
import type { AnomalyAnswer, AnomalyArgs } from '#shared/contract.ts';
import {
  precomputeAnomalyTests,
  precomputedQuestions,
  storedQuestion,
} from '../analytics/anomalyPrecomputed.ts';
import { precomputedAnswer } from '../analytics/anomalyStoredAnswer.ts';
import { dropAnomalyQuestionsBut } from '../store/anomalyTestRepo.ts';
import { findAnomalies } from '../analytics/anomalies.ts';
import { formatLocalDay } from '#shared/calendar.ts';
import { newestSyncRun } from '../store/repos/alertSeriesRepo.ts';
import type { OpenStoreOptions, Store } from '../store/db.ts';
import { ownChanges } from '../store/reads/runReads.ts';
import { readFile } from './storeService.ts';

interface Kept {
  version: string;
  answers: Map<string, AnomalyAnswer>;
}

/** Per connection: answers by their arguments, valid while nothing was written to the file (by any connection). */
const kept = new WeakMap<Database.Database, Kept>();
const keepAtMost = 32;

/**
 * The anomalies of `args`. The list, the markers on a trend and the Overview ask the same question again as a
 * reader moves around; the answer is kept per connection until a sync (another connection) writes to the file.
 */
export function answerAnomalies(store: Store, args: AnomalyArgs): AnomalyAnswer {
  const db = store.db;
  // data_version moves when another connection (the sync's writer) commits; total_changes when this one writes.
  const version = `${String(db.pragma('data_version', { simple: true }))}:${String(ownChanges(db))}`;
  let cache = kept.get(db);
  if (!cache || cache.version !== version) kept.set(db, (cache = { version, answers: new Map() }));
  const key = JSON.stringify(args);
  const hit = cache.answers.get(key);
  if (hit) return hit;
  const answer = anomaliesOnce(db, args);
  if (cache.answers.size >= keepAtMost) cache.answers.delete(cache.answers.keys().next().value ?? '');
  cache.answers.set(key, answer);
  return answer;
}

/** The anomalies of `args`, nothing kept: from the tests computed after the newest sync when they cover it. */
export function anomaliesOnce(db: Database.Database, args: AnomalyArgs): AnomalyAnswer {
  return precomputedAnswer(db, args, newestSyncRun(db)) ?? findAnomalies(db, args);
}

export interface AnomalyRefresh {
  /** Cells tested now (days and hours): those of the days from the first one the sync changed. */
  tests: number;
  /** The first day tested again (`yyyy-MM-dd`), or null when nothing had changed. */
  recomputedFrom: string | null;
  ms: number;
}

/**
 * The tests of the last days computed ahead for the questions the Unusual list asks, as of the newest sync run
 * (called after each sync). One transaction; a failure leaves the previous tests, which a newer run makes unused.
 */
export function refreshAnomalyTests(db: Database.Database, options: { full?: boolean } = {}): AnomalyRefresh {
  const t0 = performance.now();
  const run = newestSyncRun(db);
  let tests = 0;
  let first: number | null = null;
  db.transaction(() => {
    dropAnomalyQuestionsBut(db, precomputedQuestions.map(storedQuestion));
    for (const q of precomputedQuestions) {
      const r = precomputeAnomalyTests(db, q, run, options);
      tests += r.tests;
      if (r.recomputedFrom < r.toDay) first = Math.min(first ?? r.recomputedFrom, r.recomputedFrom);
    }
  }).immediate();
  return { tests, recomputedFrom: first === null ? null : formatLocalDay(first), ms: performance.now() - t0 };
}

/** The anomalies of `args` from the file at `path`, which must exist. */
export function anomaliesOfFile(
  path: string,
  args: AnomalyArgs,
  options: OpenStoreOptions = {},
): AnomalyAnswer {
  return readFile(path, (store) => anomaliesOnce(store.db, args), options);
}

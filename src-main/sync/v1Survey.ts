// One v1 survey's results by windows of local days (its recent phase, and newest first its history going back): raw
// results and open feedback staged, summed results fetched, the window replaced with its checkpoint in one
// transaction; then follow-up results over the synced range.
import type { V1Client } from '../api/v1/client.ts';
import type { Store } from '../store/db.ts';
import { v1SurveyStream } from '../store/repos/v1StructureRepo.ts';
import type { V1StoredSurvey } from '../store/repos/v1StructureRepo.ts';
import { parseLocalDate } from '../core/localTime.ts';
import { afterHistoryWindow } from './v1Plan.ts';
import type { DayWindow, V1SurveyCursor } from './v1Plan.ts';
import { localMidnightOf } from './v1Zones.ts';

export interface SurveyPlan {
  survey: V1StoredSurvey;
  cursor: V1SurveyCursor;
  windows: DayWindow[];
  /** Newest first: the history windows, going back from the cursor's `from` (none when nothing is pending). */
  history: DayWindow[];
  /** The local days the survey can have data on (null: all). */
  hull: { from: string; to: string } | null;
  /** Everything the survey's checkpoint covers, cut to its periods: what its follow-up results sum over. */
  range: DayWindow;
}

export interface WindowDone {
  surveyKey: number;
  window: DayWindow;
  /** Raw-result and open-feedback items received for the window, and their pages. */
  items: number;
  pages: number;
  /** Presses stored for the window (hourly sums counted by their counts). */
  presses: number;
}

export interface SurveySyncOptions {
  store: Store;
  client: V1Client;
  signal?: AbortSignal;
  /** Ask raw results with openfeedback=true (pages of at most 10000); the stored presses are the same either way. */
  rawOpenFeedback: boolean;
  onWindow: (done: WindowDone) => void;
  /** Called after every page, for progress within a long window. */
  onPage: (items: number) => void;
}

/**
 * The recent phase (or the one pass) of one survey: its planned windows in order, each committed with its checkpoint,
 * then its follow-up results over what the checkpoint covers. Returns the cursor as stored at the end.
 */
export async function syncSurvey(plan: SurveyPlan, o: SurveySyncOptions): Promise<V1SurveyCursor> {
  const { survey, cursor, windows } = plan;
  const stream = v1SurveyStream(survey.surveyKey);
  if (windows.length === 0) {
    // Nothing to fetch in the planned range (outside the survey's periods): the range is done as it is.
    const done = { ...cursor, done: cursor.to };
    if (cursor.done < cursor.to) o.store.checkpoints.set(stream, done);
    return done;
  }
  let stored = cursor;
  for (const [i, w] of windows.entries()) {
    // After the last window nothing is left before `to` (the hull ends there or earlier).
    stored = { ...cursor, done: i === windows.length - 1 ? cursor.to : w.end };
    await fetchAndReplace(survey, w, stored, o);
    if (o.signal?.aborted) return stored;
  }
  await syncFollowUps(survey, plan.range, o);
  return stored;
}

/**
 * Newest first, the history of one survey: its windows going back from the cursor's `from` (plan.history), each
 * committed with the cursor moved back to its start, the last one ending the history; then its follow-up results
 * over everything now stored.
 */
export async function syncSurveyHistory(plan: SurveyPlan, o: SurveySyncOptions): Promise<void> {
  const { survey, cursor, history } = plan;
  if (!cursor.back) return;
  const stream = v1SurveyStream(survey.surveyKey);
  if (history.length === 0) {
    o.store.checkpoints.set(stream, afterHistoryWindow(cursor, cursor.from, true));
    return;
  }
  let stored = cursor;
  for (const [i, w] of history.entries()) {
    stored = afterHistoryWindow(cursor, w.start, i === history.length - 1);
    await fetchAndReplace(survey, w, stored, o);
    if (o.signal?.aborted) return;
  }
  const hull = plan.hull;
  const range = {
    start: hull && hull.from > stored.from ? hull.from : stored.from,
    end: hull && hull.to < stored.to ? hull.to : stored.to,
  };
  await syncFollowUps(survey, range, o);
}

/**
 * One window: raw results (all pages) and open feedback staged, summed results fetched, then the window's stored
 * presses replaced with the checkpoint `next` in one transaction.
 */
async function fetchAndReplace(
  survey: V1StoredSurvey,
  w: DayWindow,
  next: V1SurveyCursor,
  o: SurveySyncOptions,
): Promise<void> {
  const { store, client, signal } = o;
  const key = survey.surveyKey;
  const fromUtc = localMidnightOf(survey.timeZone, w.start);
  const toUtc = localMidnightOf(survey.timeZone, w.end);
  const range = { start: new Date(fromUtc), end: new Date(toUtc), ...(signal ? { signal } : {}) };
  let items = 0;
  let pages = 0;
  store.v1.presses.clearStaging(); // nothing left over from a window that failed half-way
  for await (const page of client.rawResultPages(key, {
    ...range,
    followup: true,
    openfeedback: o.rawOpenFeedback,
  })) {
    store.v1.presses.stageRawResults(page.items);
    items += page.items.length;
    pages++;
    o.onPage(page.items.length);
  }
  for await (const page of client.openFeedbackPages(key, range)) {
    store.v1.presses.stageOpenFeedback(page.items);
    items += page.items.length;
    pages++;
    o.onPage(page.items.length);
  }
  // The client compensates the day-truncate defect: these are exactly the window's local days.
  const summed = await client.results(key, { truncate: 'day', ...range });
  const result = store.v1.presses.replaceWindow(
    {
      ...{ surveyKey: key, folderKey: survey.folderKey, fromUtc, toUtc },
      ...{ fromDay: parseLocalDate(w.start) ?? 0, toDay: parseLocalDate(w.end) ?? 0 },
    },
    summed,
    { stream: v1SurveyStream(key), cursor: next },
  );
  o.onWindow({ surveyKey: key, window: w, items, pages: pages + 1, presses: result.presses });
}

/** Follow-up results as the service sums them, over the given local days of the survey (one request). */
async function syncFollowUps(survey: V1StoredSurvey, days: DayWindow, o: SurveySyncOptions): Promise<void> {
  const from = localMidnightOf(survey.timeZone, days.start);
  const to = localMidnightOf(survey.timeZone, days.end);
  const signal = o.signal ? { signal: o.signal } : {};
  const followUps = await o.client.followUp(survey.surveyKey, {
    start: new Date(from),
    end: new Date(to),
    ...signal,
  });
  o.store.v1.structure.replaceFollowUpResults(survey.surveyKey, followUps, { fromUtc: from, toUtc: to });
}

// One v1 survey's results by windows of local days: raw results (all pages) and open feedback staged, summed results
// fetched, then the window replaced with its checkpoint in one transaction; follow-up results over the synced range.
import type { V1Client } from '../api/v1/client.ts';
import type { Store } from '../store/db.ts';
import { v1SurveyStream } from '../store/repos/v1StructureRepo.ts';
import type { V1StoredSurvey } from '../store/repos/v1StructureRepo.ts';
import { parseLocalDate } from '../core/localTime.ts';
import type { DayWindow, V1SurveyCursor } from './v1Plan.ts';
import { localMidnightOf } from './v1Zones.ts';

export interface SurveyPlan {
  survey: V1StoredSurvey;
  cursor: V1SurveyCursor;
  windows: DayWindow[];
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

/** Fetches and stores every planned window of one survey, in order; each committed window moves its checkpoint. */
export async function syncSurvey(plan: SurveyPlan, o: SurveySyncOptions): Promise<void> {
  const { survey, cursor, windows } = plan;
  const { store, client, signal } = o;
  const key = survey.surveyKey;
  const stream = v1SurveyStream(key);
  const withSignal = signal ? { signal } : {};
  if (windows.length === 0) {
    // Nothing to fetch in the planned range (outside the survey's periods): the range is done as it is.
    if (cursor.done < cursor.to) store.checkpoints.set(stream, { ...cursor, done: cursor.to });
    return;
  }
  for (const [i, w] of windows.entries()) {
    const fromUtc = localMidnightOf(survey.timeZone, w.start);
    const toUtc = localMidnightOf(survey.timeZone, w.end);
    const range = { start: new Date(fromUtc), end: new Date(toUtc), ...withSignal };
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
    const last = i === windows.length - 1;
    const result = store.v1.presses.replaceWindow(
      {
        surveyKey: key,
        folderKey: survey.folderKey,
        fromUtc,
        toUtc,
        fromDay: parseLocalDate(w.start) ?? 0,
        toDay: parseLocalDate(w.end) ?? 0,
      },
      summed,
      // After the last window nothing is left before `to` (the hull ends there or earlier).
      { stream, cursor: { ...cursor, done: last ? cursor.to : w.end } },
    );
    o.onWindow({ surveyKey: key, window: w, items, pages: pages + 1, presses: result.presses });
    if (signal?.aborted) return;
  }
  // Follow-up results as the service sums them, over everything synced for the survey (one request).
  const from = localMidnightOf(survey.timeZone, plan.range.start);
  const to = localMidnightOf(survey.timeZone, plan.range.end);
  const followUps = await client.followUp(key, { start: new Date(from), end: new Date(to), ...withSignal });
  store.v1.structure.replaceFollowUpResults(key, followUps, { fromUtc: from, toUtc: to });
}

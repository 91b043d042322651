// Words for the sync panels: stream names, rates, time left, durations, outcomes and the verification's verdict,
// through the app's messages (`t`) and the system's number and date formats (`fmt`).
import type { SyncHistoryEntry, SyncProgress, SyncVerification } from '#shared/contract.ts';
import { addDays } from '../../filters/periods.ts';
import type { Format } from '../../i18n/format.ts';

/** vue-i18n's `t`: a message by key, with named values, and the plural form for a number when given. */
export type Translate = (key: string, values?: Record<string, unknown>, plural?: number) => string;

/** The streams main reports, by their message key (sync.streams.*). */
const streamKeys: Record<string, string> = {
  'v2:surveys': 'surveys',
  'v2:questions': 'questions',
  'v2:experience-points': 'experiencePoints',
  'v2:button-feedbacks': 'buttonFeedbacks',
  'v2:history': 'history',
  'v2:resources': 'resources',
  v1: 'v1',
  verify: 'verify',
};

/** 'v2:button-feedbacks' → 'Button presses'; another stream by its own words: 'Follow-up options (v2)'. */
export function streamLabel(stream: string, t: Translate): string {
  const key = streamKeys[stream];
  if (key) return t(`sync.streams.${key}`);
  const [api, rest] = stream.includes(':') ? stream.split(':', 2) : ['', stream];
  const raw = (rest ?? '').replace(/-/g, ' ').replace(/\bfollow up\b/g, 'follow-up');
  const words = `${raw.charAt(0).toUpperCase()}${raw.slice(1)}`;
  return api ? t('sync.otherStream', { words, api }) : words;
}

/** "1 h 02 min", "3 min 05 s", "42 s". */
export function formatDuration(seconds: number, t: Translate): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return t('sync.seconds', { s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('sync.minutes', { m, s: two(s % 60) });
  return t('sync.hours', { h: Math.floor(m / 60), m: two(m % 60) });
}

/** "12,345 items · 4,100/s · about 2 min 05 s left" (the parts that are known). */
export function progressLine(p: SyncProgress, t: Translate, fmt: Format): string {
  const parts = [t('sync.items', { items: fmt.count(p.items) }, p.items)];
  if (p.itemsPerSecond !== undefined && p.itemsPerSecond > 0)
    parts.push(t('sync.rate', { rate: fmt.count(Math.round(p.itemsPerSecond)) }));
  if (p.phase === 'running' && p.etaSeconds !== undefined)
    parts.push(t('sync.left', { duration: formatDuration(p.etaSeconds, t) }));
  if (p.phase !== 'running') parts.push(t(`sync.phase.${p.phase}`));
  return parts.join(' · ');
}

/** 0..1 when known; a finished stream is full. */
export function progressFraction(p: SyncProgress): number | null {
  if (p.phase === 'done') return 1;
  return typeof p.fraction === 'number' && Number.isFinite(p.fraction)
    ? Math.min(1, Math.max(0, p.fraction))
    : null;
}

/** The whole sync's share done: the mean of the streams that can tell (null when none can). */
export function overallFraction(streams: readonly SyncProgress[]): number | null {
  const known = streams.map(progressFraction).filter((f): f is number => f !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

/** The verdict in words; the compared days are `from` up to `to` exclusive, so the last day said is `to` − 1. */
export function verificationVerdict(
  v: SyncVerification,
  t: Translate,
  fmt: Format,
): { ok: boolean; text: string } {
  if (v.mismatchCount === 0)
    return {
      ok: true,
      text: t('sync.agrees', {
        count: fmt.count(v.localTotal),
        first: fmt.day(v.from),
        last: fmt.day(addDays(v.to, -1)),
        groups: fmt.count(v.groupsCompared),
      }),
    };
  return {
    ok: false,
    text: t('sync.differs', {
      count: fmt.count(v.mismatchCount),
      local: fmt.count(v.localTotal),
      service: fmt.count(v.serviceTotal),
      days: v.mismatchDays.map((d) => fmt.day(d)).join(', '),
    }),
  };
}

export function historyRow(
  h: SyncHistoryEntry,
  t: Translate,
  fmt: Format,
): { when: string; what: string; rows: string; duration: string; outcome: string } {
  return {
    when: fmt.dateTime(h.startedAt),
    what: `${h.source === 'v1' ? 'v1' : 'v2'} · ${h.baseUrl.replace(/^https?:\/\//, '')}`,
    // v1 counts presses written against the records received (an hourly sum is one record of many presses).
    rows: t(h.source === 'v1' ? 'sync.history.rowsTextV1' : 'sync.history.rowsText', {
      inserted: fmt.count(h.rowsInserted),
      received: fmt.count(h.itemsReceived),
    }),
    duration: h.seconds === null ? '—' : formatDuration(h.seconds, t),
    outcome: t(`sync.outcomes.${h.status}`),
  };
}

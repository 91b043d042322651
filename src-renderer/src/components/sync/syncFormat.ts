// Words for the sync panel: stream names, rates, time left, durations, outcomes and the verification's verdict.
import type { SyncHistoryEntry, SyncProgress, SyncVerification } from '../../../../src-shared/contract.ts';

const streamNames: Record<string, string> = {
  'v2:surveys': 'Survey definitions',
  'v2:questions': 'Questions',
  'v2:experience-points': 'Experience points',
  'v2:button-feedbacks': 'Button presses',
  'v2:resources': 'Other v2 data',
  v1: 'v1 results',
  verify: 'Check against the service’s counts',
};

/** 'v2:follow-up-options' → 'Follow-up options (v2)'. */
export function streamLabel(stream: string): string {
  const known = streamNames[stream];
  if (known) return known;
  const [api, rest] = stream.includes(':') ? stream.split(':', 2) : ['', stream];
  const words = (rest ?? '').replace(/-/g, ' ').replace(/\bfollow up\b/g, 'follow-up');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${api ? ` (${api})` : ''}`;
}

const number = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "1 h 02 min", "3 min 05 s", "42 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "12,345 items · 4,100/s · about 2 min 05 s left" (the parts that are known). */
export function progressLine(p: SyncProgress): string {
  const parts = [`${number(p.items)} items`];
  if (p.itemsPerSecond !== undefined && p.itemsPerSecond > 0) parts.push(`${number(p.itemsPerSecond)}/s`);
  if (p.phase === 'running' && p.etaSeconds !== undefined)
    parts.push(`about ${formatDuration(p.etaSeconds)} left`);
  if (p.phase === 'done') parts.push('done');
  if (p.phase === 'failed') parts.push('failed');
  if (p.phase === 'cancelled') parts.push('cancelled');
  return parts.join(' · ');
}

/** 0..1 when known; a finished stream is full. */
export function progressFraction(p: SyncProgress): number | null {
  if (p.phase === 'done') return 1;
  return typeof p.fraction === 'number' && Number.isFinite(p.fraction)
    ? Math.min(1, Math.max(0, p.fraction))
    : null;
}

export function verificationVerdict(v: SyncVerification): { ok: boolean; text: string } {
  const range = `${v.from} to ${v.to}`;
  if (v.mismatchCount === 0)
    return {
      ok: true,
      text: `The local file agrees with the service’s own counts: ${number(v.localTotal)} presses (misuse excluded) from ${range}, ${number(v.groupsCompared)} point-survey-days compared.`,
    };
  return {
    ok: false,
    text: `${number(v.mismatchCount)} point-survey-days differ from the service’s counts (local ${number(v.localTotal)}, service ${number(v.serviceTotal)}), first on ${v.mismatchDays.join(', ')}. Sync again with a full refresh of those days.`,
  };
}

const outcomes: Record<SyncHistoryEntry['status'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

export function historyRow(h: SyncHistoryEntry): {
  when: string;
  what: string;
  rows: string;
  duration: string;
  outcome: string;
} {
  const when = new Date(h.startedAt);
  return {
    when: Number.isNaN(when.getTime())
      ? h.startedAt
      : when.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    what: `${h.source === 'v1' ? 'v1' : 'v2'} · ${h.baseUrl.replace(/^https?:\/\//, '')}`,
    rows: `${number(h.rowsInserted)} new of ${number(h.itemsReceived)} received`,
    duration: h.seconds === null ? '—' : formatDuration(h.seconds),
    outcome: outcomes[h.status],
  };
}

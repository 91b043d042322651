// The sync panel's words through the app's English messages and en-US formats, with values worked out by hand.
import { describe, expect, it } from 'vitest';
import { createFormat } from '../../i18n/format.ts';
import { createAppI18n } from '../../i18n/index.ts';
import {
  formatDuration as duration,
  historyRow as row_,
  overallFraction,
  streamLabel as label,
  progressFraction,
  progressLine as line,
  verificationVerdict as verdict,
} from './syncFormat.ts';
import type { SyncHistoryEntry, SyncProgress, SyncVerification } from '#shared/contract.ts';

const { t } = createAppI18n().global;
const fmt = createFormat('en-US');
const streamLabel = (s: string) => label(s, t);
const formatDuration = (s: number) => duration(s, t);
const progressLine = (p: SyncProgress) => line(p, t, fmt);
const verificationVerdict = (v: SyncVerification) => verdict(v, t, fmt);
const historyRow = (h: SyncHistoryEntry) => row_(h, t, fmt);

describe('sync panel words', () => {
  it('names streams', () => {
    expect(streamLabel('v2:button-feedbacks')).toBe('Button presses');
    expect(streamLabel('v2:follow-up-option-localizations')).toBe('Follow-up option localizations (v2)');
    expect(streamLabel('v1')).toBe('v1 results');
  });

  it('formats durations', () => {
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
  });

  it('says items, rate and time left for a running stream, and the end state otherwise', () => {
    const running = {
      stream: 'v2:button-feedbacks',
      phase: 'running',
      items: 12345,
      pages: 2,
      fraction: 0.25,
    } as const;
    expect(progressLine({ ...running, itemsPerSecond: 4100.4, etaSeconds: 125 })).toBe(
      '12,345 items · 4,100/s · about 2 min 05 s left',
    );
    expect(progressLine({ ...running, phase: 'done', etaSeconds: 3 })).toBe('12,345 items · done');
    expect(progressLine({ ...running, items: 1, phase: 'failed' })).toBe('1 item · failed');
    expect(progressFraction(running)).toBe(0.25);
    expect(progressFraction({ ...running, fraction: null })).toBeNull();
    expect(progressFraction({ ...running, phase: 'done', fraction: null })).toBe(1);
    // The whole sync: the mean of the streams that can tell, (0.25 + 1) / 2; none can tell → null.
    expect(overallFraction([running, { ...running, stream: 'v1', phase: 'done' }])).toBe(0.625);
    expect(overallFraction([{ ...running, fraction: null }])).toBeNull();
  });

  it('says whether the file agrees with the service', () => {
    const base = {
      from: '2023-01-01',
      to: '2026-01-01',
      localTotal: 1000,
      serviceTotal: 1000,
      groupsCompared: 40,
    };
    expect(verificationVerdict({ ...base, mismatchCount: 0, mismatchDays: [] })).toEqual({
      ok: true,
      // `to` is exclusive: the last day compared is 2025-12-31.
      text: 'The local file agrees with the service’s own counts: 1,000 presses (misuse excluded) from Jan 1, 2023 to Dec 31, 2025, 40 point-survey-days compared.',
    });
    const bad = verificationVerdict({
      ...base,
      serviceTotal: 1003,
      mismatchCount: 2,
      mismatchDays: ['2025-02-03'],
    });
    expect(bad.ok).toBe(false);
    expect(bad.text).toBe(
      '2 point-survey-days differ from the service’s counts (local 1,000, service 1,003), first on Feb 3, 2025. Sync again with a full refresh of those days.',
    );
  });

  it('writes a history row', () => {
    const row = historyRow({
      id: 1,
      source: 'v2',
      baseUrl: 'https://feedback.example.com',
      startedAt: '2026-03-02T10:00:00.000Z',
      finishedAt: '2026-03-02T10:01:05.000Z',
      seconds: 65,
      status: 'failed',
      itemsReceived: 2000,
      rowsInserted: 1500,
      feedbackTotal: 1500,
      error: 'The service at https://feedback.example.com cannot be reached.',
    });
    expect(row).toMatchObject({
      when: fmt.dateTime('2026-03-02T10:00:00.000Z'),
      what: 'v2 · feedback.example.com',
      rows: '1,500 new of 2,000 received',
      duration: '1 min 05 s',
      outcome: 'Failed',
    });
  });

  it('writes a v1 row as presses stored from records (an hourly sum is one record of many presses)', () => {
    const row = historyRow({
      id: 2,
      source: 'v1',
      baseUrl: 'http://127.0.0.1:8080',
      startedAt: '2026-03-02T10:00:00.000Z',
      finishedAt: '2026-03-02T10:02:00.000Z',
      seconds: 120,
      status: 'done',
      itemsReceived: 1_802_090,
      rowsInserted: 1_847_544,
      feedbackTotal: 1_847_544,
      error: null,
    });
    expect(row.rows).toBe('1,847,544 presses stored from 1,802,090 records received');
  });
});

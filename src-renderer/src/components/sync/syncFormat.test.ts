// The sync panel's words, with values worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  historyRow,
  streamLabel,
  progressFraction,
  progressLine,
  verificationVerdict,
} from './syncFormat.ts';

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
    expect(progressFraction(running)).toBe(0.25);
    expect(progressFraction({ ...running, fraction: null })).toBeNull();
    expect(progressFraction({ ...running, phase: 'done', fraction: null })).toBe(1);
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
      text: 'The local file agrees with the service’s own counts: 1,000 presses (misuse excluded) from 2023-01-01 to 2026-01-01, 40 point-survey-days compared.',
    });
    const bad = verificationVerdict({
      ...base,
      serviceTotal: 1003,
      mismatchCount: 2,
      mismatchDays: ['2025-02-03'],
    });
    expect(bad.ok).toBe(false);
    expect(bad.text).toContain('local 1,000, service 1,003), first on 2025-02-03');
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
      what: 'v2 · feedback.example.com',
      rows: '1,500 new of 2,000 received',
      duration: '1 min 05 s',
      outcome: 'Failed',
    });
  });
});

// The outcome sentences: each failed part said once with its error, a refused token's way out fitted to who is
// synced (a saved profile, the demo, a bare address), and the check's verdict in words.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import type { StreamOutcome } from '../sync/orchestrator.ts';
import { failureCode, syncFailed, unreachable, verificationSentence } from './syncOutcome.ts';

const refused = new ApiError(
  'auth',
  'The service at https://svc.example refused the API token (401). Check that the token is valid and not revoked, then try again.',
  { status: 401, endpoint: 'experience-points.json' },
);
const failedTree: StreamOutcome = {
  stream: 'v2:button-feedbacks',
  source: 'v2',
  status: 'failed',
  itemsReceived: 0,
  rowsHeld: null,
  error: refused.message,
  failedAt: 'v2:experience-points',
  seconds: 0.1,
};

describe('syncFailed', () => {
  it('names the failed part and adds the way out for the one who is synced', () => {
    const base = 'https://svc.example';
    expect(syncFailed([failedTree], refused, { profile: 'Acme', baseUrl: base })).toBe(
      `v2:experience-points failed: ${refused.message} Everything fetched before is kept. Save the profile 'Acme' again with a valid token (Connections in the app).`,
    );
    expect(syncFailed([failedTree], refused, { profile: null, baseUrl: `${base}/api` })).toBe(
      `v2:experience-points failed: ${refused.message} Everything fetched before is kept. Run 'feedback-desk login --base-url ${base}' to store a new token, or set FEEDBACK_DESK_V2_TOKEN.`,
    );
    expect(syncFailed([failedTree], refused, { profile: 'demo', baseUrl: base })).toContain(
      'Explore the demo again',
    );
  });

  it('says every failed stream once, the first with its way out, the others as they failed', () => {
    const v1: StreamOutcome = {
      ...failedTree,
      stream: 'v1',
      source: 'v1',
      failedAt: 'v1:folders',
      error: 'v1 down.',
    };
    const text = syncFailed([failedTree, v1], refused, { profile: 'Acme', baseUrl: 'https://svc.example' });
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^v2:experience-points failed: .*Acme/),
      'v1:folders failed: v1 down.',
    ]);
  });

  it('keeps a sentence that already says what to do as it is, and codes each failure', () => {
    const limited = new ApiError(
      'auth',
      'The API token may not read alerts.json (403). Ask an administrator.',
      {
        status: 403,
      },
    );
    expect(syncFailed([], limited, { profile: 'Acme', baseUrl: 'https://svc.example' })).toBe(
      limited.message,
    );
    expect(failureCode(refused)).toBe('auth');
    expect(failureCode(new ApiError('network', 'gone'))).toBe('network');
    expect(failureCode(new Error('x'))).toBe('service');
  });
});

describe('the other sentences', () => {
  it('names the service by its origin when it cannot be reached', () => {
    expect(unreachable('http://127.0.0.1:9/some/path')).toBe(
      'The service at http://127.0.0.1:9 cannot be reached. Everything synced before stays available here; sync again when the connection is back.',
    );
  });

  it('says the verdict: agreement, or how many groups differ and where first (the last day is to − 1)', () => {
    const v = {
      from: '2024-01-01',
      to: '2024-02-01',
      localTotal: 1234,
      serviceTotal: 1234,
      groupsCompared: 56,
      mismatchCount: 0,
      mismatchDays: [],
    };
    expect(verificationSentence(v)).toBe(
      "Checked against the service's counts from 2024-01-01 to 2024-01-31: all 1,234 presses agree (56 point, survey and day groups).",
    );
    expect(
      verificationSentence({ ...v, serviceTotal: 1240, mismatchCount: 2, mismatchDays: ['2024-01-05'] }),
    ).toMatch(/2 of 56 groups differ \(1,234 presses here, 1,240 at the service; first on 2024-01-05\)/);
  });
});

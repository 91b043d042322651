// Turning what a store read refuses (an impossible date, a search FTS5 cannot read, a stale cursor) into a
// 'bad-request' Result with its one sentence; anything else goes on to `guard`.
import type { Result } from '#shared/contract.ts';
import { fail } from '#shared/contract.ts';
import { AlertCursorError } from '../analytics/alerts.ts';
import { CommentSearchError } from '../analytics/comments.ts';

export function badDates<T>(what: string, body: () => Result<T>): Result<T> {
  try {
    return body();
  } catch (error) {
    if (error instanceof RangeError)
      return fail('bad-request', `${what} was not understood: ${error.message}.`);
    if (error instanceof CommentSearchError || error instanceof AlertCursorError)
      return fail('bad-request', error.message);
    throw error;
  }
}

// The API client's error type: what went wrong talking to the service, worded for the user, never holding a secret.
import type { ErrorCode } from '#shared/contract.ts';

/**
 * auth: 401/403. network: unreachable, timed out, truncated, unparsable after retries. service: an error status
 * the client cannot fix by retrying (400, 404, persistent 5xx). invalid: a well-formed answer whose content breaks
 * the documented record shape. cancelled: the caller's AbortSignal fired. config: a bad base URL or option.
 */
export type ApiErrorKind = 'auth' | 'network' | 'service' | 'invalid' | 'cancelled' | 'config';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The endpoint path below the version root, e.g. `results/button-feedbacks.json`. */
  readonly endpoint: string | undefined;
  readonly status: number | undefined;
  /** Said after the first attempt because retrying cannot help (a certificate, a web page, plain HTTP). */
  readonly immediate: boolean;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { endpoint?: string; status?: number; immediate?: boolean } = {},
  ) {
    super(message);
    this.kind = kind;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.immediate = details.immediate ?? false;
  }
}

/** The contract's error code for an API failure (what the renderer may branch on). */
export function errorCodeOf(kind: ApiErrorKind): ErrorCode {
  switch (kind) {
    case 'auth':
      return 'auth';
    case 'network':
      return 'network';
    case 'cancelled':
      return 'cancelled';
    case 'config':
      return 'bad-request';
    case 'service':
    case 'invalid':
      return 'service';
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

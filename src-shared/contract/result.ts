// How every command answers: a Result that carries either its value or an error the user can read.

export type ErrorCode =
  | 'bad-request' // arguments did not validate
  | 'not-found'
  | 'busy' // e.g. a sync is already running
  | 'cancelled'
  | 'auth' // the service refused the credentials
  | 'network' // the service could not be reached
  | 'service' // the service answered with an error
  | 'credentials' // the keychain could not be used
  | 'store' // the local database could not be used
  | 'internal';

/** An error as the user sees it: `message` is one or two plain sentences saying what happened and what to do. */
export interface AppError {
  code: ErrorCode;
  message: string;
}

/** Handlers return results, not exceptions: Electron's invoke keeps nothing of a thrown error but its message. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}

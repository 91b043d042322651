// What a route answers (status, headers, body) and the error form every 4xx/5xx takes.
import { STATUS_CODES } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Text, or bytes already encoded as UTF-8 (large pages are written straight into a Buffer). */
  body: string | Buffer;
  contentType: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Thrown by routes and parsers; the server turns it into the error body of DECISIONS.md. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

/** `{status, error, message}` with the reason phrase of the status. */
export function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  const body = JSON.stringify({ status, error: STATUS_CODES[status] ?? 'Error', message });
  return { status, headers, body, contentType: JSON_TYPE };
}

export function jsonReply(value: unknown, headers: Record<string, string> = {}): Reply {
  return { status: 200, headers, body: JSON.stringify(value), contentType: JSON_TYPE };
}

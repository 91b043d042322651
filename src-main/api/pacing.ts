// Request pacing from the service's hourly budget (X-Svc-RateLimit-Limit / -Remaining, DECISIONS.md "429"):
// as the remaining budget nears zero, requests are spread over what is left of the window instead of running into 429s.

export interface PacingOptions {
  /** Below this share of the limit, requests are spread out (default 0.1). */
  lowWater?: number;
  /** The budget's window (default one hour). */
  windowMs?: number;
  /** The longest pause before one request (default 5 minutes); the pause is cancellable. */
  maxDelayMs?: number;
  now?: () => number;
}

export interface PaceInfo {
  delayMs: number;
  remaining: number;
  limit: number;
}

export interface Pacer {
  /** The pause before the next request (0 while the budget is comfortable). */
  delayMs(): PaceInfo | null;
  /** Reads the budget headers of an answer (any status: 401s and 429s carry them too). */
  observe(headers: Headers): void;
}

function readCount(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The window is taken to have started at the first answer seen, or when the remaining budget went up (a refill):
 * if it really started earlier, less of it is left than assumed and the pauses come out longer, never shorter.
 */
export function createPacer(options: PacingOptions = {}): Pacer {
  const lowWater = options.lowWater ?? 0.1;
  const windowMs = options.windowMs ?? 3_600_000;
  const maxDelayMs = options.maxDelayMs ?? 300_000;
  const now = options.now ?? Date.now;
  let limit: number | null = null;
  let remaining: number | null = null;
  let windowStart = 0;
  return {
    observe(headers) {
      const l = readCount(headers, 'x-svc-ratelimit-limit');
      const r = readCount(headers, 'x-svc-ratelimit-remaining');
      if (l === null || r === null || l <= 0) return;
      if (remaining === null || r > remaining) windowStart = now();
      limit = l;
      remaining = r;
    },
    delayMs() {
      if (limit === null || remaining === null || remaining > limit * lowWater) return null;
      const left = Math.max(0, windowStart + windowMs - now());
      const delayMs = Math.min(maxDelayMs, Math.round(left / (remaining + 1)));
      return delayMs > 0 ? { delayMs, remaining, limit } : null;
    },
  };
}

// The hourly request budget per credential: X-Svc-RateLimit-* on every answer, 429 with Retry-After when spent.

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Seconds until the budget refills; set only when the request is refused. */
  retryAfter?: number;
}

export class RateLimiter {
  private readonly budget: number;
  private readonly windowMs: number;
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(budget: number, windowMs = 3_600_000) {
    this.budget = budget;
    this.windowMs = windowMs;
  }

  /** Counts one request for `key` at `nowMs` (wall clock) and says whether it may be served. */
  take(key: string, nowMs: number): RateDecision {
    let w = this.windows.get(key);
    if (!w || nowMs - w.start >= this.windowMs) {
      w = { start: nowMs, used: 0 };
      this.windows.set(key, w);
    }
    if (w.used >= this.budget) {
      return {
        limit: this.budget,
        remaining: 0,
        retryAfter: Math.max(1, Math.ceil((w.start + this.windowMs - nowMs) / 1000)),
      };
    }
    w.used++;
    return { limit: this.budget, remaining: this.budget - w.used };
  }
}

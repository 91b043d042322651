// Faults on demand: deterministic (seeded) 5xx, 429, slow answers, cut bodies, resets and invalid JSON.
import { hash32 } from '../world/prng.ts';

export const FAULT_KINDS = ['500', '502', '503', '429', 'slow', 'truncate', 'reset', 'invalid-json'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Fraction of eligible requests that get a fault, 0..1 (default 1 when kinds are given). */
  rate?: number;
  /** Which faults to draw from (default all). */
  kinds?: readonly FaultKind[];
  /** The first N requests are never faulted. */
  afterRequests?: number;
  /** Stop after this many faults (e.g. 1: exactly one fault, at request afterRequests + 1 when rate is 1). */
  maxFaults?: number;
  /** Decides which requests fail; the same seed and request order give the same faults. */
  seed?: number;
  /** Delay of a `slow` answer (default 2000 ms). */
  slowMs?: number;
  /** Retry-After of a `429` fault (default 1 s). */
  retryAfterSeconds?: number;
}

export class FaultPlan {
  private options: FaultOptions | null = null;
  private requests = 0;
  private faults = 0;

  set(options: FaultOptions | null): void {
    this.options = options;
    this.requests = 0;
    this.faults = 0;
  }

  get slowMs(): number {
    return this.options?.slowMs ?? 2000;
  }

  get retryAfterSeconds(): number {
    return this.options?.retryAfterSeconds ?? 1;
  }

  /** Counts one request and says which fault, if any, it gets. */
  next(): FaultKind | null {
    const n = ++this.requests;
    const o = this.options;
    if (!o) return null;
    if (n <= (o.afterRequests ?? 0)) return null;
    if (o.maxFaults !== undefined && this.faults >= o.maxFaults) return null;
    const seed = o.seed ?? 1;
    const rate = o.rate ?? 1;
    if (hash32(seed, n, 0xfa) / 4294967296 >= rate) return null;
    const kinds = o.kinds && o.kinds.length > 0 ? o.kinds : FAULT_KINDS;
    this.faults++;
    return kinds[hash32(seed, n, 0xfb) % kinds.length] ?? null;
  }
}

/** Parses a comma-separated list of fault kinds; undefined names the first unknown one. */
export function parseFaultKinds(text: string): { kinds: FaultKind[] } | { unknown: string } {
  const kinds: FaultKind[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const kind = FAULT_KINDS.find((k) => k === part);
    if (!kind) return { unknown: part };
    kinds.push(kind);
  }
  return { kinds };
}

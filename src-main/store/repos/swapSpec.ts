// What a held or re-fetched window replaces: a stream's staged rows of a time range and scope.

/** Replace the stored rows of `[fromMs, toMs)` (local wall-clock ms) of a scope with the stream's staged rows. */
export interface SwapSpec {
  stream: string;
  fromMs: number;
  toMs: number;
  /** Subtree root whose points are replaced; null: every point. */
  scope: number | null;
  /** Only these of the scope's points are replaced (the others are known to hold the window's rows already). */
  points?: ReadonlySet<number>;
}

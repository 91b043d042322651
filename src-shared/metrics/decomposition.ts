// A mean score's change split over the parts of its presses: each part's rate effect and mix effect, adding up exactly.

/** One part (a child node, a survey): its presses and score in the previous (0) and current (1) period. */
export interface PartScores {
  n0: number;
  n1: number;
  /** The part's score; ignored (and may be null) when the part has no presses in that period. */
  s0: number | null;
  s1: number | null;
}

export interface PartEffects {
  /** w̄·(s₁ − s₀). */
  rate: number;
  /** (w₁ − w₀)·(s̄ − S̄). */
  mix: number;
  contribution: number;
}

export interface Decomposition {
  /** The whole's score in each period: Σ wᵢ·sᵢ (the presses-weighted mean of the parts). */
  s0: number;
  s1: number;
  change: number;
  parts: PartEffects[];
}

/**
 * The symmetric shift-share split of a change in a presses-weighted mean score S = Σ wᵢ·sᵢ over parts i with press
 * shares w₀ᵢ, w₁ᵢ and scores s₀ᵢ, s₁ᵢ: rate effect w̄ᵢ·(s₁ᵢ − s₀ᵢ) and mix effect (w₁ᵢ − w₀ᵢ)·(s̄ᵢ − S̄), with bars
 * the means over the two periods and S̄ the whole's mean score. A part without presses in a period takes the
 * whole's score there (its weight is 0, so it adds nothing to S, and its rate effect stays finite). Summed over the
 * parts, Σ(rate + mix) = Σ(w₁s₁ − w₀s₀) − S̄·Σ(w₁ − w₀) = S₁ − S₀ exactly, since both weight sets add up to 1.
 *
 * Source: E. M. Kitagawa, "Components of a Difference Between Two Rates", JASA 50(272), 1955 (the symmetric
 * rate/composition split); the centring on S̄ makes a part's mix effect say whether moving presses toward it raised
 * or lowered the whole (the form used in retail "shift-share" and price-volume-mix analysis). Null when either period
 * has no presses at all: there is nothing to split.
 */
export function decomposeChange(parts: readonly PartScores[]): Decomposition | null {
  const N0 = parts.reduce((s, p) => s + p.n0, 0);
  const N1 = parts.reduce((s, p) => s + p.n1, 0);
  if (N0 <= 0 || N1 <= 0) return null;
  let S0 = 0;
  let S1 = 0;
  for (const p of parts) {
    if (p.n0 > 0) S0 += (p.n0 / N0) * (p.s0 ?? 0);
    if (p.n1 > 0) S1 += (p.n1 / N1) * (p.s1 ?? 0);
  }
  const Sbar = (S0 + S1) / 2;
  const effects = parts.map((p): PartEffects => {
    const w0 = p.n0 / N0;
    const w1 = p.n1 / N1;
    const s0 = p.n0 > 0 ? (p.s0 ?? S0) : S0;
    const s1 = p.n1 > 0 ? (p.s1 ?? S1) : S1;
    const rate = ((w0 + w1) / 2) * (s1 - s0);
    const mix = (w1 - w0) * ((s0 + s1) / 2 - Sbar);
    return { rate, mix, contribution: rate + mix };
  });
  return { s0: S0, s1: S1, change: S1 - S0, parts: effects };
}

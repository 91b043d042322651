// Seeded randomness for the world: a small PRNG (mulberry32) and integer hashes for keyed, order-free draws.

/** A uniform float in [0, 1). */
export type Rng = () => number;

/** mulberry32: 32-bit state, fast, good enough for synthetic data; never Math.random. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit finaliser (lowbias32) with good avalanche. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hashes up to four integers into one unsigned 32-bit value. */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = mix32((a ^ 0x9e3779b9) >>> 0);
  h = mix32((h ^ b) + 0x85ebca6b);
  h = mix32((h ^ c) + 0xc2b2ae35);
  h = mix32((h ^ d) + 0x27d4eb2f);
  return h;
}

/** hash32 mapped to [0, 1). */
export function hashUnit(a: number, b = 0, c = 0, d = 0): number {
  return hash32(a, b, c, d) / 4294967296;
}

/** An independent stream for one key (e.g. seed, assignment, day). */
export function keyedRng(a: number, b = 0, c = 0, d = 0): Rng {
  return mulberry32(hash32(a, b, c, d));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Approximately standard normal (Irwin–Hall of four uniforms, scaled): cheap and bounded. */
export function gauss(rng: Rng): number {
  return (rng() + rng() + rng() + rng() - 2) * 1.7320508;
}

/** gauss(keyedRng(a, b, c, d)), the same value without the closure: the generator's first pass draws millions. */
export function keyedGauss(a: number, b = 0, c = 0, d = 0): number {
  let state = hash32(a, b, c, d);
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    sum += ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  return (sum - 2) * 1.7320508;
}

/** Poisson draw: Knuth below 40, a rounded normal above. */
export function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean < 40) {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = rng();
    while (p > limit) {
      k++;
      p *= rng();
    }
    return k;
  }
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * gauss(rng)));
}

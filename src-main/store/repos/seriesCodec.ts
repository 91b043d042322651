// The stored form of an alert series' columns (migration 0019): each press's instant as the difference from the one
// before (the first from 0), and the UTC offsets as runs (presses, offset), both as variable-length integers
// (7 bits a byte, low bits first, signed ones zigzagged); the buttons stay one byte each. 11 bytes a press before
// (Float64 and Int16), ~4 now. Arithmetic, not bit operations: an instant in ms does not fit 32 bits.

/** Appends `v` (an integer, |v| < 2^52) zigzagged as a variable-length integer. */
function put(out: number[], v: number): void {
  if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  let z = v >= 0 ? v * 2 : -v * 2 - 1;
  while (z >= 128) {
    out.push((z % 128) + 128);
    z = Math.floor(z / 128);
  }
  out.push(z);
}

/** Reads the integers `put` wrote, in order. */
function reader(bytes: Uint8Array): () => number {
  let at = 0;
  return () => {
    let z = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new Error('a series column ends early');
      z += (b % 128) * scale;
      if (b < 128) break;
      scale *= 128;
    }
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  };
}

/** The instants (epoch ms) as differences from the one before. */
export function encodeInstants(utc: Float64Array): Buffer {
  const out: number[] = [];
  let before = 0;
  for (const t of utc) {
    put(out, t - before);
    before = t;
  }
  return Buffer.from(out);
}

export function decodeInstants(bytes: Uint8Array, n: number): Float64Array {
  const next = reader(bytes);
  const utc = new Float64Array(n);
  let t = 0;
  for (let i = 0; i < n; i++) utc[i] = t += next();
  return utc;
}

/** The offsets (minutes) as runs: how many presses in a row, then their offset. */
export function encodeOffsets(offsetMin: Int16Array): Buffer {
  const out: number[] = [];
  for (let i = 0; i < offsetMin.length;) {
    const v = offsetMin[i] as number;
    let j = i + 1;
    while (j < offsetMin.length && offsetMin[j] === v) j++;
    put(out, j - i);
    put(out, v);
    i = j;
  }
  return Buffer.from(out);
}

export function decodeOffsets(bytes: Uint8Array, n: number): Int16Array {
  const next = reader(bytes);
  const offsetMin = new Int16Array(n);
  for (let i = 0; i < n;) {
    const run = next();
    offsetMin.fill(next(), i, i + run);
    i += run;
  }
  return offsetMin;
}

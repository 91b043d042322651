// The alert series' stored columns: every instant and offset read back as written, in fewer bytes.
import { describe, expect, it } from 'vitest';
import { decodeInstants, decodeOffsets, encodeInstants, encodeOffsets } from './seriesCodec.ts';

describe('alert series columns', () => {
  it('read back every instant and offset as written: ties, long gaps, offsets that change and go negative', () => {
    const utc = Float64Array.from([
      1575163410116, 1575163410116, 1575163410117, 1575166935182, 1760688137051, 1760688137051, 1838391666417,
    ]);
    const offsets = Int16Array.from([60, 60, 120, 120, 120, -300, 345]);
    const u = encodeInstants(utc);
    const o = encodeOffsets(offsets);
    expect([...decodeInstants(u, utc.length)]).toEqual([...utc]);
    expect([...decodeOffsets(o, offsets.length)]).toEqual([...offsets]);
    expect(u.length).toBeLessThan(utc.length * 8);
    // Four runs: each count one byte; offset 60 one byte, 120, -300 and 345 two (zigzagged: 240, 599, 690).
    expect(o.length).toBe(4 + 1 + 2 + 2 + 2);
  });

  it('store a busy pair in about four bytes a press', () => {
    let t = 1700000000000;
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const utc = Float64Array.from({ length: 20000 }, () => (t += Math.floor(random() * 3_600_000)));
    const bytes = encodeInstants(utc).length + encodeOffsets(new Int16Array(20000).fill(60)).length;
    expect(bytes / utc.length).toBeLessThan(4);
    expect([...decodeInstants(encodeInstants(utc), utc.length)]).toEqual([...utc]);
  });

  it('keep an empty series empty, and refuse an instant that is not a whole ms', () => {
    expect(encodeInstants(new Float64Array(0)).length).toBe(0);
    expect(decodeOffsets(encodeOffsets(new Int16Array(0)), 0).length).toBe(0);
    expect(() => encodeInstants(Float64Array.from([1.5]))).toThrow('not an integer');
  });
});

// The byte writer must produce exactly what the string formatters produce (they are the simpler route).
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../world/calendar.ts';
import { generateWorld, feedbackId } from '../world/world.ts';
import { ByteWriter } from './byteWriter.ts';

describe('ByteWriter', () => {
  it('writes the same UUIDs as feedbackId', () => {
    const world = generateWorld({ seed: 9, size: 'tiny', now: new Date('2026-11-21T14:00:00Z') });
    for (let i = 0; i < 5000; i += 7) {
      const w = new ByteWriter(8);
      w.uuid(9, i);
      expect(w.result().toString('latin1')).toBe(feedbackId(world, i));
    }
  });

  it('writes the same timestamps as formatTimestamp, offsets of every sign and half hours included', () => {
    const w = new ByteWriter(4);
    const expected: string[] = [];
    for (let k = 0; k < 2000; k++) {
      const t = Date.UTC(2019, 0, 1) + k * 40_123_457;
      const off = [0, 60, 120, -300, -420, 330, 660, 600, -180][k % 9] ?? 0;
      w.timestamp(t, off);
      expected.push(formatTimestamp(t, off));
    }
    expect(w.result().toString('latin1')).toBe(expected.join(''));
  });

  it('writes integers', () => {
    const w = new ByteWriter(1);
    for (const n of [0, 7, 10, 560001, 4294967295]) w.int(n);
    expect(w.result().toString('latin1')).toBe('0710560001' + '4294967295');
  });
});

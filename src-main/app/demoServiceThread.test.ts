// The emulator on its own thread serves the same world as one generated here, and closes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_V2_TOKEN } from '#emulator/http/identities.ts';
import { startEmulatorThread } from './demoServiceThread.ts';
import { generateWorld } from '#emulator/world/world.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('startEmulatorThread', () => {
  it('serves the world a same-seed generation here has, over loopback, and stops serving on close', async () => {
    // The second route: the same seed, size and clock generated on this thread.
    const here = generateWorld({ seed: 3, size: 'tiny', now });
    const emulator = await startEmulatorThread({ seed: 3, size: 'tiny', now, port: 0, host: '127.0.0.1' });
    try {
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(emulator.presses).toBe(here.presses.count);
      const res = await fetch(`${emulator.url}/v2/experience-points.json`, {
        headers: { 'X-Svc-API-Token': DEFAULT_V2_TOKEN },
      });
      expect(res.status).toBe(200);
      const body: unknown = await res.json();
      const listed = JSON.stringify(body);
      // Every experience point of the generated world is named in the thread's answer.
      for (const point of here.experiencePoints) expect(listed).toContain(`"experiencePointId":${point.id}`);
    } finally {
      await emulator.close();
    }
    await expect(fetch(`${emulator.url}/v2/experience-points.json`)).rejects.toThrow();
  });
});

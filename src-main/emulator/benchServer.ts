// Child process of the emulator benchmark: serves one world and prints its URL (so client and server don't share a thread).
import { startEmulator } from './index.ts';
import type { WorldSize } from './world/types.ts';

const size =
  (['tiny', 'small', 'demo', 'large'] as const).find((s) => s === process.argv[2]) ??
  ('demo' satisfies WorldSize);
const running = await startEmulator({
  size,
  seed: 1,
  now: new Date('2026-11-21T14:00:00Z'),
  rateLimit: 1_000_000,
});
process.stdout.write(
  `${JSON.stringify({ url: running.url, presses: running.world.presses.count, generationMs: running.world.generationMs })}\n`,
);
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));

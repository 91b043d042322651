// Child process of the emulator benchmark: serves one world and prints its URL (so client and server don't share a thread).
import { startEmulator } from '../src/index.ts';
import type { WorldSize } from '../src/world/types.ts';
import { pressesByAssignment } from '../src/world/world.ts';

const size =
  (['tiny', 'small', 'demo', 'large', 'xlarge'] as const).find((s) => s === process.argv[2]) ??
  ('demo' satisfies WorldSize);
const running = await startEmulator({
  size,
  seed: 1,
  now: new Date('2026-11-21T14:00:00Z'),
  rateLimit: 1_000_000,
});
// The ten busiest four-button (v1) surveys, for the v1 raw-results figure.
const { world } = running;
const byAssignment = pressesByAssignment(world);
const v1SurveyKeys = world.assignments
  .map((a, i) => ({
    key: a.key,
    presses: byAssignment[i]?.length ?? 0,
    buttons: world.surveys[a.surveyIndex]?.buttons,
  }))
  .filter((a) => a.buttons === 4)
  .sort((a, b) => b.presses - a.presses)
  .slice(0, 10)
  .map((a) => a.key);
process.stdout.write(
  `${JSON.stringify({ url: running.url, presses: world.presses.count, generationMs: world.generationMs, v1SurveyKeys })}\n`,
);
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));

// A world with over 100,000 comments: a generated small world in which three of every five individually sent presses
// (not the hourly sums) carry a comment and none is spam, so the Comments view lists them all by default.
import { generateWorld, type World } from '#emulator/index.ts';
import { PRESS_HOURLY_SUM, PRESS_SPAM, PRESS_TEXT } from '#emulator/world/types.ts';

export const commentWorldNow = '2026-11-20T12:00:00Z';

export function commentWorld(seed = 6): World {
  const world = generateWorld({ seed, size: 'small', now: new Date(commentWorldNow) });
  const flags = world.presses.flags;
  for (let i = 0; i < world.presses.count; i++) {
    const f = flags[i] ?? 0;
    if (!(f & PRESS_HOURLY_SUM) && i % 5 < 3) flags[i] = (f | PRESS_TEXT) & ~PRESS_SPAM;
  }
  return world;
}

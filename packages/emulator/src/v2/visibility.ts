// What a token may see of the structure: experience points of its subtree and what runs there.
import { authorisedRange } from '../http/identities.ts';
import type { World } from '../world/types.ts';
import { type V2Context, epMask } from './context.ts';

export interface Visible {
  eps: Uint8Array;
  surveys: Uint8Array;
  questions: Uint8Array;
  followupQuestions: Uint8Array;
}

const cache = new WeakMap<World, Map<number, Visible>>();

/** Per world and token root: the visible experience points, surveys running on them and their questions. */
export function visibleTo(ctx: V2Context): Visible {
  const { world } = ctx;
  const [lo, hi] = authorisedRange(ctx.identity);
  let perWorld = cache.get(world);
  if (!perWorld) cache.set(world, (perWorld = new Map()));
  const hit = perWorld.get(lo);
  if (hit) return hit;
  const eps = epMask(world, lo, hi);
  const whole = lo === 0 && hi === world.nodes.length;
  const surveys = new Uint8Array(world.surveys.length);
  for (const a of world.assignments) if (whole || eps[a.epIndex]) surveys[a.surveyIndex] = 1;
  if (whole) surveys.fill(1);
  const questions = new Uint8Array(world.questions.length);
  world.surveys.forEach((s) => {
    if (surveys[s.index]) questions[s.questionIndex] = 1;
  });
  const followupQuestions = Uint8Array.from(world.followupQuestions, (q) => surveys[q.surveyIndex] ?? 0);
  const v = { eps, surveys, questions, followupQuestions };
  perWorld.set(lo, v);
  return v;
}

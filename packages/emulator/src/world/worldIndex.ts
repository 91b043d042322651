// A world's id lookups, added to its records; shared by the generator and the fixture loader.
import type { World } from './types.ts';

type WorldIndexes = 'nodeById' | 'surveyById' | 'assignmentByKey' | 'questionById' | 'smileyById';

/** Adds the id lookups to a world's records (shared by the generator and the fixture loader). */
export function indexWorld(base: Omit<World, WorldIndexes>): World {
  return {
    ...base,
    nodeById: new Map(base.nodes.map((n) => [n.id, n])),
    surveyById: new Map(base.surveys.map((s) => [s.id, s])),
    assignmentByKey: new Map(base.assignments.map((a) => [a.key, a])),
    questionById: new Map(base.questions.map((q) => [q.id, q])),
    smileyById: new Map(base.smileys.map((s) => [s.id, s])),
  };
}

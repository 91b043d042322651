// Scale groups: the feedback scales whose button indexes mean the same answers, so their counts may be added.
import type { FeedbackScale } from '../contract.ts';

/**
 * DECISIONS.md "Button index by scale": four 0..3, five and five_reversed 0..4, nps 0..10, a higher index always
 * the more positive answer. five_reversed only shows the same five faces in the other order on the device, so an
 * index means the same answer as on five: the two form one group. Different groups are never added up.
 */
export type ScaleGroup = 'four' | 'five' | 'nps';

export const scaleGroups = ['four', 'five', 'nps'] as const satisfies readonly ScaleGroup[];

const members: Record<ScaleGroup, readonly FeedbackScale[]> = {
  four: ['four'],
  five: ['five', 'five_reversed'],
  nps: ['nps'],
};

/** Buttons per group: indexes 0..size−1. */
export const buttonCount: Record<ScaleGroup, number> = { four: 4, five: 5, nps: 11 };

export function scaleGroupOf(scale: FeedbackScale): ScaleGroup {
  return scale === 'five_reversed' ? 'five' : scale;
}

/** The feedback scales a group adds up. */
export function scalesOfGroup(group: ScaleGroup): readonly FeedbackScale[] {
  return members[group];
}

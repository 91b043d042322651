// Which answer scales the selected points use, as choices: grouped (five with five_reversed), in a fixed order.
import type { FeedbackScale, ScaleOverview, ScaleSurvey } from '#shared/contract.ts';
import { buttonScale } from '#shared/charts/buttonScale.ts';
import { scaleGroupOf, scaleGroups, type ScaleGroup } from '#shared/metrics/scales.ts';

/** One choice of scale: a scale group present in the subtree, with what it adds up. */
export interface ScaleOption {
  group: ScaleGroup;
  label: string;
  presses: number;
  /** The feedback scales to query for this group (five and five_reversed together). */
  scales: FeedbackScale[];
  /** Most presses first. */
  surveys: ScaleSurvey[];
}

/**
 * The overview's scales as options: grouped, only those with presses, in the fixed order 4 faces, 5 faces, NPS
 * (a segment never moves when the subtree changes; which one is chosen first is `mostPressed`).
 */
export function scaleOptions(overview: ScaleOverview | null): ScaleOption[] {
  const byGroup = new Map<ScaleGroup, ScaleOption>();
  for (const s of overview?.scales ?? []) {
    if (s.presses <= 0) continue;
    const group = scaleGroupOf(s.scale);
    const option = byGroup.get(group) ?? {
      group,
      label: buttonScale(group).name,
      presses: 0,
      scales: [],
      surveys: [],
    };
    option.presses += s.presses;
    option.scales.push(s.scale);
    option.surveys.push(...s.surveys);
    byGroup.set(group, option);
  }
  const options = scaleGroups.flatMap((g) => byGroup.get(g) ?? []);
  for (const o of options) o.surveys.sort((a, b) => b.presses - a.presses || a.surveyId - b.surveyId);
  return options;
}

/** The option with the most presses (the first in selector order on a tie). */
export function mostPressed(options: readonly ScaleOption[]): ScaleOption | null {
  return options.reduce<ScaleOption | null>(
    (best, o) => (best && best.presses >= o.presses ? best : o),
    null,
  );
}

/** The chosen group while the subtree has it, else the most pressed one. */
export function selectedScale(
  options: readonly ScaleOption[],
  chosen: ScaleGroup | null,
): ScaleOption | null {
  return options.find((o) => o.group === chosen) ?? mostPressed(options);
}

// Which answer scales the selected subtree uses, and the one shown: the user's choice, else the most pressed one.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { FeedbackScale, ScaleOverview, ScaleSurvey } from '../../../src-shared/contract.ts';
import { buttonScale } from '../../../src-shared/charts/buttonScale.ts';
import { scaleGroupOf, scaleGroups, type ScaleGroup } from '../../../src-shared/metrics/scales.ts';
import { useClient } from '../client.ts';

/** One segment of the selector: a scale group present in the subtree, with what it adds up. */
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
 * The overview's scales as selector options: grouped, only those with presses, in the fixed order 4 faces, 5 faces,
 * NPS (a segment never moves when the subtree changes; which one is chosen first is `mostPressed`).
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

export const useScaleStore = defineStore('scales', () => {
  const overview = shallowRef<ScaleOverview | null>(null);
  const loadedFor = ref<number | null | undefined>(undefined);
  const loading = ref(false);
  const error = ref<string | null>(null);
  /** What the user picked; kept while moving through the tree, as long as the subtree has that scale. */
  const chosen = ref<ScaleGroup | null>(null);

  const options = computed(() => scaleOptions(overview.value));
  const selected = computed<ScaleOption | null>(
    () => options.value.find((o) => o.group === chosen.value) ?? mostPressed(options.value),
  );
  /** Presses whose survey has no known scale: they cannot be shown per button. */
  const unknownPresses = computed(() => (overview.value?.unknown ?? []).reduce((n, s) => n + s.presses, 0));
  let latest = 0;

  /** Loads the scales of one subtree (`null`: the whole tree); answers to earlier requests are dropped. */
  async function load(experiencePointId: number | null): Promise<void> {
    const ticket = ++latest;
    loading.value = true;
    error.value = null;
    const args = experiencePointId === null ? {} : { experiencePointIds: [experiencePointId] };
    const result = await useClient().invoke('analytics:scales', args);
    if (ticket !== latest) return;
    loading.value = false;
    if (!result.ok) {
      error.value = result.error.message;
      return;
    }
    overview.value = result.value;
    loadedFor.value = experiencePointId;
  }

  function choose(group: ScaleGroup): void {
    chosen.value = group;
  }

  return { overview, loadedFor, loading, error, chosen, options, selected, unknownPresses, load, choose };
});

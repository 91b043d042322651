// The chart colours of the system's scheme (light or dark), for the option builders.
import { computed } from 'vue';
import { darkChartColors, lightChartColors } from '#shared/charts/chartText.ts';
import { useUiStore } from '../stores/uiStore.ts';

export function useChartColors() {
  const ui = useUiStore();
  return computed(() => (ui.scheme === 'dark' ? darkChartColors : lightChartColors));
}

// What every chart takes from the system: animation off under reduced motion, and the light or dark colours.
import { computed } from 'vue';
import { darkChartColors, lightChartColors } from '#shared/charts/chartText.ts';
import { useUiStore } from '../stores/uiStore.ts';

export function useChartLook() {
  const ui = useUiStore();
  return computed(() => ({
    animation: !ui.reducedMotion,
    colors: ui.scheme === 'dark' ? darkChartColors : lightChartColors,
  }));
}

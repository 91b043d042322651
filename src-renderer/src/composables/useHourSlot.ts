// The Data view's weekday and hour (a Patterns cell opened there): from the address, in words, and cleared.
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { useRoute, useRouter } from 'vue-router';
import { useFormat } from '../i18n/format.ts';
import { useViewNumber } from './useViewParam.ts';

export function useHourSlot() {
  const { t } = useI18n();
  const fmt = useFormat();
  const route = useRoute();
  const router = useRouter();
  /** ISO weekday (1 = Monday) and the points' local hour of the day, each null when not narrowed. */
  const weekday = useViewNumber('weekday', 1, 7);
  const hour = useViewNumber('hour', 0, 23);
  const filter = computed(() => ({
    ...(weekday.value !== null ? { weekdays: [weekday.value] } : {}),
    ...(hour.value !== null ? { hoursOfDay: [hour.value] } : {}),
  }));
  const words = computed(() => {
    if (weekday.value === null && hour.value === null) return null;
    const day =
      weekday.value === null
        ? t('data.everyDay')
        : new Intl.DateTimeFormat(fmt.locale, { weekday: 'long', timeZone: 'UTC' }).format(
            new Date(Date.UTC(2024, 0, weekday.value)), // 1 January 2024 was a Monday
          );
    if (hour.value === null) return day;
    const h = String(hour.value).padStart(2, '0');
    return t('data.slot', { day, from: `${h}:00`, to: `${h}:59` });
  });
  function clear(): void {
    const { weekday: _w, hour: _h, ...query } = route.query;
    void router.replace({ path: route.path, query });
  }
  return { filter, words, clear };
}

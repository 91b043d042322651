// The overview's short lists: best and worst points (the corrected ranking), newest comments, open alerts.
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import type { FeedbackScale } from '#shared/contract.ts';
import { useFormat } from '../i18n/format.ts';
import { scoreMeasure } from '../queries/specs.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useContractQuery } from './useContractQuery.ts';

export function useOverviewLists(scale: () => FeedbackScale | null) {
  const { t } = useI18n();
  const fmt = useFormat();
  const filters = useFilterStore();

  const ranking = useContractQuery('ranking:rank', () => {
    const s = scale();
    const f = filters.baseFilter;
    if (!s || !f.from || !f.to) return null;
    const measure = scoreMeasure(s === 'nps' ? 'nps' : 'four');
    return { filter: { ...f, from: f.from, to: f.to }, scale: s, measure, level: 'points' as const, top: 3 };
  });
  const comments = useContractQuery('comments:search', () => ({
    filter: { ...filters.baseFilter },
    limit: 5,
  }));
  const alerts = useContractQuery('alerts:list', () => ({
    filter: { ...filters.baseFilter, state: 'open' as const },
    limit: 5,
  }));

  const points = (which: 'top' | 'bottom') =>
    (ranking.data.value?.[which] ?? []).map((i) => ({
      key: i.experiencePointId,
      title: i.name,
      detail: t('overview.pressesCount', { n: fmt.count(i.presses) }),
      value: fmt.score(i.adjusted),
    }));
  const rankingEmpty = computed(() => (filters.range ? t('overview.noRanking') : t('ranking.needsRange')));
  return {
    best: computed(() => ({
      title: t('overview.best'),
      lines: points('top'),
      empty: rankingEmpty.value,
      loading: ranking.loading.value,
    })),
    worst: computed(() => ({
      title: t('overview.worst'),
      lines: [...points('bottom')].reverse(),
      empty: rankingEmpty.value,
      loading: ranking.loading.value,
    })),
    comments: computed(() => ({
      title: t('overview.comments'),
      lines: (comments.data.value?.hits ?? []).map((c) => ({
        key: c.feedbackId,
        title: c.text,
        detail: `${c.experiencePointName ?? '—'} · ${c.localTime.slice(0, 16).replace('T', ' ')}`,
      })),
      empty: comments.error.value ?? t('overview.noComments'),
      loading: comments.loading.value,
    })),
    alerts: computed(() => ({
      title: t('overview.alerts'),
      lines: (alerts.data.value?.alerts ?? []).map((a) => ({
        key: a.alertId,
        title: `${a.type} · ${a.experiencePointName ?? `#${a.experiencePointId}`}`,
        detail: t('overview.since', { at: fmt.dateTime(a.beginTime) }),
      })),
      empty: alerts.error.value ?? t('overview.noAlerts'),
      loading: alerts.loading.value,
    })),
  };
}

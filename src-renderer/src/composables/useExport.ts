// Exports from the app: the current filters as the caption, a meaningful file name, the contract's export commands,
// and what happened in one sentence (saved to a path, downloaded, cancelled, or why not).
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue';
import { useI18n } from 'vue-i18n';
import type {
  ChartFormat,
  ChartOptionJson,
  ExportOutcome,
  ExportTable,
  PixelRatio,
  ReportChart,
  ReportFormat,
  Result,
  TableFormat,
  TableSource,
} from '#shared/contract.ts';
import { lightColorsForFile } from '#shared/charts/chartText.ts';
import { exportFileName } from '#shared/charts/exportWords.ts';
import { useClient } from '../client.ts';
import { captionFilters } from '../export/captionFilters.ts';
import { triggerDownload } from '../export/triggerDownload.ts';
import { useFormat } from '../i18n/format.ts';
import { addDays } from '../filters/periods.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useTreeStore } from '../stores/treeStore.ts';
import { useScaleChoice } from './useScaleChoice.ts';

export interface ExportStatus {
  state: 'idle' | 'busy' | 'done' | 'error';
  message: string;
}

/**
 * JSON only: tooltip callbacks are dropped (a file never needs them), axis and label formatters become their
 * descriptors (chartFormat.ts), and dark theme colours their light counterparts (a file's page is white).
 */
export function plainOption(option: object): ChartOptionJson {
  const copy: unknown = JSON.parse(lightColorsForFile(JSON.stringify(option)));
  return typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? { ...copy } : {};
}

/**
 * The export menu that started the newest export: one message at a time, so a second export (the table beside a
 * chart) puts the first one's "Saved to" away instead of laying its own over it.
 */
const newestExporter = shallowRef<symbol | null>(null);

export function useExport() {
  const { t } = useI18n();
  const fmt = useFormat();
  const filters = useFilterStore();
  const tree = useTreeStore();
  const { selected } = useScaleChoice();
  const status = ref<ExportStatus>({ state: 'idle', message: '' });
  /** A confirmation stays long enough to read (and is announced), then steps aside; an error stays 30 s. */
  let clearTimer: ReturnType<typeof setTimeout> | undefined;
  function settle(next: ExportStatus): void {
    clearTimeout(clearTimer);
    status.value = next;
    if (next.state === 'done' || next.state === 'error')
      clearTimer = setTimeout(
        () => (status.value = { state: 'idle', message: '' }),
        next.state === 'done' ? 12_000 : 30_000,
      );
  }
  onScopeDispose(() => clearTimeout(clearTimer));
  const me = Symbol('exporter');
  watch(newestExporter, (newest) => {
    if (newest !== me && status.value.state !== 'busy') settle({ state: 'idle', message: '' });
  });

  const pointNames = computed(() => {
    const names = new Map(tree.items.map((i) => [i.experiencePointId, i.name]));
    return filters.filters.points.map((id) => names.get(id) ?? `#${id}`);
  });
  const words = computed(() => {
    const survey = selected.value?.surveys.find((s) => s.surveyId === filters.filters.survey);
    return captionFilters(
      {
        filters: filters.filters,
        range: filters.range,
        comparison: filters.comparison,
        pointNames: pointNames.value,
        scaleLabel: selected.value ? t(`scales.${selected.value.group}`) : null,
        surveyName: survey?.name ?? (filters.filters.survey === null ? null : `#${filters.filters.survey}`),
      },
      t,
      fmt,
    );
  });

  function fileName(title: string, extension: string): string {
    const range = filters.range;
    return exportFileName(
      {
        title,
        subtree:
          pointNames.value.length === 1 ? pointNames.value[0] : pointNames.value.length ? 'selection' : 'all',
        ...(range ? { from: range.first, to: addDays(range.last, 1) } : {}),
      },
      extension,
    );
  }

  async function run(name: string, invoke: () => Promise<Result<ExportOutcome>>): Promise<void> {
    newestExporter.value = me;
    settle({ state: 'busy', message: t('export.busy') });
    const result = await invoke();
    if (!result.ok) {
      settle({ state: 'error', message: result.error.message });
      return;
    }
    const outcome = result.value;
    if (outcome.kind === 'cancelled') settle({ state: 'idle', message: '' });
    else if (outcome.kind === 'saved')
      settle({ state: 'done', message: t('export.saved', { path: outcome.path }) });
    else {
      triggerDownload(outcome.url, outcome.fileName);
      settle({ state: 'done', message: t('export.downloaded', { name: outcome.fileName || name }) });
    }
  }

  const caption = (title: string) => ({ title, filters: words.value });

  return {
    status,
    words,
    fileName,
    chart(
      title: string,
      option: object,
      format: ChartFormat,
      size: { width: number; height: number; pixelRatio: PixelRatio },
    ) {
      const name = fileName(title, format);
      return run(name, () =>
        useClient().invoke('export:chart', {
          option: plainOption(option),
          caption: caption(title),
          format,
          ...size,
          fileName: name,
        }),
      );
    },
    table(title: string, source: ExportTable | TableSource, format: TableFormat, bom = false) {
      const name = fileName(title, format);
      const src: TableSource = 'kind' in source ? source : { kind: 'rows', table: source };
      return run(name, () =>
        useClient().invoke('export:table', {
          source: src,
          caption: caption(title),
          format,
          ...(bom ? { bom: true } : {}),
          fileName: name,
        }),
      );
    },
    /** The view's report: one PDF, or (html) one interactive HTML file that opens offline. */
    report(title: string, charts: ReportChart[], tables: ExportTable[], format: ReportFormat = 'pdf') {
      const name = fileName(title, format);
      const plainCharts = charts.map((c) => ({ title: c.title, option: plainOption(c.option) }));
      return run(name, () =>
        useClient().invoke('export:report', {
          caption: caption(title),
          charts: plainCharts,
          tables,
          ...(format === 'html' ? { format } : {}),
          fileName: name,
        }),
      );
    },
  };
}

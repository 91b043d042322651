// The analyst's notes (annotations) for the current filters: those on the selected node (or on the whole tree) that
// overlap the period, with their before/after estimates, for the time charts and the notes list; `mark`, which
// draws them on any chart over a time axis (the shared builder src-shared/charts/chartNotes.ts); and the editing.
import { computed, ref, watch } from 'vue';
import { useI18n } from 'vue-i18n';
import { withChartNotes } from '#shared/charts/chartNotes.ts';
import type { ChartNote } from '#shared/charts/trendNotes.ts';
import {
  fail,
  type AnnotationCommands,
  type CommandArgs,
  type CommandResult,
  type Result,
  type TimeGrain,
} from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useChartLook } from './useChartLook.ts';
import { useContractQuery } from './useContractQuery.ts';
import { forgetCommand } from './queryCache.ts';

type AnnotationCommand = keyof AnnotationCommands;

export function useAnnotations(options: { wholeHistory?: boolean } = {}) {
  const filters = useFilterStore();
  const look = useChartLook();
  const { t } = useI18n();
  const query = useContractQuery('annotations:list', () => {
    const { experiencePointIds, from, to } = filters.baseFilter;
    const point = experiencePointIds?.length === 1 ? experiencePointIds[0] : undefined;
    return {
      ...(point !== undefined ? { experiencePointId: point } : {}),
      ...(from !== undefined && !options.wholeHistory ? { from } : {}),
      ...(to !== undefined && !options.wholeHistory ? { to } : {}),
    };
  });
  watch(notesChanged, () => void query.refresh());
  const notes = computed<ChartNote[]>(() =>
    (query.data.value?.annotations ?? []).map((a) => ({ from: a.from, to: a.to, text: a.text })),
  );
  /**
   * `option` with the notes marked on its time axis (labels of `grain`; `weeks`: an axis of weeks named by their
   * Monday) and said in its tooltip; the same option is what an export draws and tabulates.
   */
  function mark<T extends object>(option: T, grain: TimeGrain, axis: { weeks?: boolean } = {}): T {
    return withChartNotes(option, notes.value, {
      grain,
      weeks: axis.weeks === true,
      textColor: look.value.colors.text,
      word: t('annotations.note'),
    });
  }
  return { query, notes, mark };
}

/** Bumped when a note was added, changed, removed or imported: every notes list asks again. */
const notesChanged = ref(0);

/**
 * Adding, changing, removing, exporting and importing notes from the window, through the contract (the same
 * application service as the CLI). Each answers the service's own sentence when it refuses; nothing is lost then.
 */
export function useAnnotationEditing() {
  const client = useClient();
  async function run<K extends AnnotationCommand>(
    command: K,
    args: CommandArgs<K>,
  ): Promise<Result<CommandResult<K>>> {
    let result: Result<CommandResult<K>>;
    try {
      result = await client.invoke(command, args);
    } catch {
      return fail('internal', 'The notes could not be reached; nothing was changed. Try again.');
    }
    if (result.ok && command !== 'annotations:export') {
      forgetCommand('annotations:list');
      notesChanged.value++;
    }
    return result;
  }
  return {
    add: (note: CommandArgs<'annotations:add'>) => run('annotations:add', note),
    update: (note: CommandArgs<'annotations:update'>) => run('annotations:update', note),
    remove: (id: string) => run('annotations:remove', { id }),
    exportJson: () => run('annotations:export', {}),
    importJson: (json: string) => run('annotations:import', { json }),
  };
}

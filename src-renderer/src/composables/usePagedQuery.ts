// A cursor-paged contract query (comments, alerts): the first page through useContractQuery (cached, newest request
// wins), further pages appended on demand; a change of arguments starts over.
import { computed, ref, shallowRef, watch } from 'vue';
import type { CommandArgs, CommandName, CommandResult } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { useContractQuery } from './useContractQuery.ts';

export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

export function usePagedQuery<K extends CommandName, T>(
  command: K,
  args: () => CommandArgs<K> | null,
  pageOf: (result: CommandResult<K>) => Page<T>,
  withCursor: (args: CommandArgs<K>, cursor: string) => CommandArgs<K>,
) {
  const first = useContractQuery(command, args);
  const more = shallowRef<T[]>([]);
  const cursor = ref<string | null>(null);
  const loadingMore = ref(false);
  const moreError = ref<string | null>(null);
  let ticket = 0;

  watch(first.data, (answer) => {
    ticket++;
    more.value = [];
    loadingMore.value = false;
    moreError.value = null;
    cursor.value = answer ? pageOf(answer).nextCursor : null;
  });

  const items = computed<T[]>(() => {
    const answer = first.data.value;
    return answer ? [...pageOf(answer).items, ...more.value] : [];
  });
  const total = computed(() => (first.data.value ? pageOf(first.data.value).total : 0));

  async function loadMore(): Promise<void> {
    const a = args();
    const next = cursor.value;
    if (!a || !next || loadingMore.value) return;
    const mine = ticket;
    loadingMore.value = true;
    const result = await useClient().invoke(command, withCursor(a, next));
    if (mine !== ticket) return; // the arguments changed meanwhile
    loadingMore.value = false;
    if (!result.ok) {
      moreError.value = result.error.message;
      return;
    }
    // The bridge answers each command with that command's result type (the contract).
    const page = pageOf(result.value as CommandResult<K>);
    more.value = [...more.value, ...page.items];
    cursor.value = page.nextCursor;
  }

  return {
    items,
    total,
    loading: computed(() => first.loading.value || loadingMore.value),
    firstLoading: first.loading,
    error: computed(() => first.error.value ?? moreError.value),
    settled: first.settled,
    hasMore: computed(() => cursor.value !== null),
    loadMore,
    refresh: first.refresh,
  };
}

// Random-access pages of a long result (comments): the first page through useContractQuery (cached, newest request
// wins), any other page by its offset when a virtual list comes to it; a change of arguments starts over.
import { computed, shallowRef, watch } from 'vue';
import type { CommandArgs, CommandName, CommandResult } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { useContractQuery } from './useContractQuery.ts';

export function useOffsetPages<K extends CommandName, T>(
  command: K,
  args: () => CommandArgs<K> | null,
  pageOf: (result: CommandResult<K>) => { items: T[]; total: number },
  withOffset: (args: CommandArgs<K>, offset: number) => CommandArgs<K>,
  pageSize: number,
) {
  const first = useContractQuery(command, args);
  /** Pages after the first, by page number; replaced (not mutated) so the list redraws when one arrives. */
  const pages = shallowRef(new Map<number, T[]>());
  const pending = new Set<number>();
  const failed = shallowRef<string | null>(null);
  let ticket = 0;

  watch(first.data, () => {
    ticket++;
    pages.value = new Map();
    pending.clear();
    failed.value = null;
  });

  const total = computed(() => (first.data.value ? pageOf(first.data.value).total : 0));
  const firstItems = computed(() => (first.data.value ? pageOf(first.data.value).items : []));
  const loadedCount = computed(
    () => firstItems.value.length + [...pages.value.values()].reduce((n, p) => n + p.length, 0),
  );

  /** The item at a position, or undefined while its page is not here. */
  function itemAt(index: number): T | undefined {
    if (index < pageSize) return firstItems.value[index];
    return pages.value.get(Math.floor(index / pageSize))?.[index % pageSize];
  }

  async function fetchPage(page: number): Promise<void> {
    const a = args();
    if (!a || page === 0 || pages.value.has(page) || pending.has(page)) return;
    const mine = ticket;
    pending.add(page);
    const result = await useClient().invoke(command, withOffset(a, page * pageSize));
    if (mine !== ticket) return; // the arguments changed meanwhile
    pending.delete(page);
    if (!result.ok) {
      failed.value = result.error.message;
      return;
    }
    // The bridge answers each command with that command's result type (the contract).
    const next = new Map(pages.value);
    next.set(page, pageOf(result.value as CommandResult<K>).items);
    pages.value = next;
  }

  /** Makes sure the pages holding positions start … end − 1 are here or on their way. */
  function need(start: number, end: number): void {
    const last = Math.min(end, total.value) - 1;
    for (let p = Math.floor(start / pageSize); p <= Math.floor(last / pageSize); p++) void fetchPage(p);
  }

  return {
    total,
    loadedCount,
    itemAt,
    need,
    loading: first.loading,
    error: computed(() => first.error.value ?? failed.value),
    settled: first.settled,
    refresh: first.refresh,
  };
}

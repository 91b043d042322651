// Contract queries bound to reactive arguments: loading, a one-sentence error, the newest request wins, cached.
import { computed, ref, shallowRef, watch, type ComputedRef, type Ref, type ShallowRef } from 'vue';
import type { CommandArgs, CommandName, CommandResult, Result } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { cached, cacheKey, dataVersion } from './queryCache.ts';

export interface ContractQueries<K extends CommandName> {
  /** The answers to the newest request that has answered, one per argument set (kept while a newer one loads). */
  data: ShallowRef<CommandResult<K>[] | null>;
  loading: Ref<boolean>;
  error: Ref<string | null>;
  /** True once the current arguments have an answer or an error (false while nothing is asked). */
  settled: ComputedRef<boolean>;
  /** Asks again, past the cache. */
  refresh(): Promise<void>;
}

export interface ContractQuery<K extends CommandName> extends Omit<ContractQueries<K>, 'data'> {
  data: ComputedRef<CommandResult<K> | null>;
}

/**
 * Runs `command` once per argument set whenever `argsList()` changes (null: ask nothing yet, e.g. while something
 * it needs is unknown). Answers to older requests are dropped; identical requests share one cached answer.
 */
export function useContractQueries<K extends CommandName>(
  command: K,
  argsList: () => CommandArgs<K>[] | null,
): ContractQueries<K> {
  const data = shallowRef<CommandResult<K>[] | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const answeredKey = ref<string | null>(null);
  const currentKey = ref<string | null>(null);
  let ticket = 0;

  async function run(force: boolean): Promise<void> {
    const list = argsList();
    const key = list === null ? null : list.map((a) => cacheKey(command, a)).join('\n');
    currentKey.value = key;
    const mine = ++ticket;
    if (list === null || key === null) {
      loading.value = false;
      return;
    }
    loading.value = true;
    error.value = null;
    const client = useClient();
    let results: Result<unknown>[];
    try {
      results = await Promise.all(
        list.map((args) => {
          const ask = (): Promise<Result<unknown>> => client.invoke(command, args);
          return force ? ask() : cached(cacheKey(command, args), ask);
        }),
      );
    } catch {
      results = [{ ok: false, error: { code: 'internal', message: 'The query could not be run.' } }];
    }
    if (mine !== ticket) return; // a newer request took over
    loading.value = false;
    answeredKey.value = key;
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      error.value = failed.error.message;
      return;
    }
    // The bridge answers each command with that command's result type (the contract).
    data.value = results.map((r) => (r.ok ? r.value : null)) as CommandResult<K>[];
  }

  watch(
    () => {
      const list = argsList();
      return list === null ? null : list.map((a) => cacheKey(command, a)).join('\n');
    },
    () => void run(false),
    { immediate: true },
  );

  // More data landed (a sync goes on in the background): the same question again, answered from the new data.
  watch(dataVersion, () => void run(false));

  const settled = computed(() => currentKey.value !== null && answeredKey.value === currentKey.value);
  return { data, loading, error, settled, refresh: () => run(true) };
}

/** One query: `useContractQueries` with a single argument set. */
export function useContractQuery<K extends CommandName>(
  command: K,
  args: () => CommandArgs<K> | null,
): ContractQuery<K> {
  const q = useContractQueries(command, () => {
    const a = args();
    return a === null ? null : [a];
  });
  return { ...q, data: computed(() => q.data.value?.[0] ?? null) };
}

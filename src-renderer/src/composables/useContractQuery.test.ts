// The query composable over a small in-memory bridge: newest request wins, shared cached answers, errors, refresh.
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { fail, ok, type Handlers, type QuerySpec } from '#shared/contract.ts';
import { setClient } from '../client.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { clearQueryCache } from './queryCache.ts';
import { useContractQueries, useContractQuery } from './useContractQuery.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Answers one row whose count is the first point id; point 2 answers late, point 9 fails. */
const handlers: Handlers = withStubs({
  'analytics:query': async (spec: QuerySpec) => {
    const id = spec.filter.experiencePointIds?.[0] ?? 0;
    if (id === 9) return fail('store', 'The local data file is damaged.');
    await wait(id === 2 ? 40 : 1);
    return ok([{ day: '2026-01-01', count: id }]);
  },
});

const spec = (id: number): QuerySpec => ({
  measures: ['count'],
  groupBy: ['day'],
  filter: { experiencePointIds: [id] },
});
const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await wait(2);
};

let bridge: HandlersBridge;
beforeEach(() => {
  clearQueryCache();
  bridge = handlersBridge(handlers);
  setClient(bridge);
});

describe('useContractQuery', () => {
  it('keeps the newest answer when an older one arrives last', async () => {
    const id = ref(2);
    const q = effectScope().run(() => useContractQuery('analytics:query', () => spec(id.value)))!;
    await nextTick();
    id.value = 3; // point 2 answers after 40 ms, point 3 after 1 ms
    await until(() => q.settled.value);
    await wait(60); // the late answer for 2 has arrived by now, and must be ignored
    expect(q.data.value).toEqual([{ day: '2026-01-01', count: 3 }]);
    expect(q.loading.value).toBe(false);
  });

  it('answers the same arguments from the cache, and asks again on refresh', async () => {
    const scope = effectScope();
    const a = scope.run(() => useContractQuery('analytics:query', () => spec(4)))!;
    const b = scope.run(() => useContractQuery('analytics:query', () => spec(4)))!;
    await until(() => a.settled.value && b.settled.value);
    expect(bridge.calls).toHaveLength(1);
    expect(b.data.value).toEqual(a.data.value);
    await a.refresh();
    expect(bridge.calls).toHaveLength(2);
  });

  it('says the error in one sentence, keeps no failed answer, and asks nothing while arguments are null', async () => {
    const id = ref<number | null>(null);
    const q = effectScope().run(() =>
      useContractQuery('analytics:query', () => (id.value === null ? null : spec(id.value))),
    )!;
    await wait(5);
    expect(bridge.calls).toEqual([]);
    expect(q.settled.value).toBe(false);
    id.value = 9;
    await until(() => q.settled.value);
    expect(q.error.value).toBe('The local data file is damaged.');
    await q.refresh();
    expect(bridge.calls).toHaveLength(2);
  });

  it('runs several argument sets together and gives their answers in order', async () => {
    const q = effectScope().run(() => useContractQueries('analytics:query', () => [spec(5), spec(6)]))!;
    await until(() => q.settled.value);
    expect(q.data.value?.map((rows) => rows[0]?.count)).toEqual([5, 6]);
  });
});

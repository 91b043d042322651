// The answers of contract queries, kept by command and arguments (most recently used first, bounded).
import { ref } from 'vue';
import type { CommandName, Result } from '#shared/contract.ts';

const limit = 120;
const answers = new Map<string, Promise<Result<unknown>>>();

export function cacheKey(command: CommandName, args: unknown): string {
  return `${command} ${JSON.stringify(args)}`;
}

/** The answer for `key`, asking `ask` only when it is not there or on its way; failures are not kept. */
export function cached(key: string, ask: () => Promise<Result<unknown>>): Promise<Result<unknown>> {
  const hit = answers.get(key);
  if (hit) {
    answers.delete(key); // re-insert: most recently used last, so the oldest is the first to go
    answers.set(key, hit);
    return hit;
  }
  const pending = ask().then(
    (result) => {
      if (!result.ok) answers.delete(key);
      return result;
    },
    (error: unknown) => {
      answers.delete(key);
      throw error;
    },
  );
  answers.set(key, pending);
  while (answers.size > limit) {
    const oldest = answers.keys().next().value;
    if (oldest === undefined) break;
    answers.delete(oldest);
  }
  return pending;
}

/** Forgets every answer (the local data changed: a sync finished, the store was rebuilt). */
export function clearQueryCache(): void {
  answers.clear();
}

/** Forgets the kept answers of one command (its data changed, e.g. a note was added): asked again next time. */
export function forgetCommand(command: CommandName): void {
  for (const key of [...answers.keys()]) if (key.startsWith(`${command} `)) answers.delete(key);
}

/** Counts changes of the local data while the app runs (a sync committed more): every contract query asks again. */
export const dataVersion = ref(0);

/** The local data changed (a sync landed more of it): forget every kept answer, and every view asks again. */
export function dataChanged(): void {
  clearQueryCache();
  dataVersion.value++;
}

// The renderer's clock, injected like the client: tests set a fixed one so no result depends on the day they run.

let current: () => Date = () => new Date();

export function useClock(): () => Date {
  return current;
}

/** Replaces the clock (tests pass a fixed one); null restores the real one. */
export function setClock(clock: (() => Date) | null): void {
  current = clock ?? (() => new Date());
}

/** The clock's local date `yyyy-MM-dd`. */
export function localToday(clock: () => Date = current): string {
  const now = clock();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

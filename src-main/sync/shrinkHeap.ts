// A last-resort collection of this thread's heap between the phases of a sync (syncRunner.ts, v2PressesStream.ts).

/**
 * A last-resort collection of this thread's heap, which shrinks its young and old generations to what is live, when
 * the process exposes `gc` (the command line's sync does, bin/feedback-desk.js); else nothing. Between the phases of
 * a sync on this thread: V8 alone keeps a heap grown by one phase's garbage through the next.
 */
export function shrinkThisHeap(): void {
  (globalThis as { gc?: (o: object) => void }).gc?.({
    type: 'major',
    execution: 'sync',
    flavor: 'last-resort',
  });
}

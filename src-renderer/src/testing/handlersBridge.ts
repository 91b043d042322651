// For renderer tests: a Bridge over a small in-memory Handlers object (what main's bridges do, minus the transport).
import type {
  Bridge,
  CommandArgs,
  CommandName,
  EventName,
  Events,
  Handlers,
  Result,
} from '#shared/contract.ts';

export interface HandlersBridge extends Bridge {
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  calls: Array<{ command: CommandName; args: unknown }>;
}

export function handlersBridge(handlers: Handlers): HandlersBridge {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: HandlersBridge['calls'] = [];
  return {
    calls,
    invoke<K extends CommandName>(command: K, args: CommandArgs<K>) {
      calls.push({ command, args: structuredClone(args) });
      const handler: (a: CommandArgs<K>) => Promise<Result<unknown>> = handlers[command];
      // Same round trip as JSON over HTTP or structured clone over IPC: the page never shares objects with main.
      return handler(structuredClone(args)).then((r) => structuredClone(r)) as ReturnType<Bridge['invoke']>;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      listeners.get(event)?.forEach((l) => (l as (p: typeof payload) => void)(payload));
    },
  };
}

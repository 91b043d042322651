// The renderer's one door to main: the preload bridge in Electron, the loopback HTTP bridge in web mode.
import {
  eventNames,
  fail,
  isCommandName,
  type Bridge,
  type CommandName,
  type CommandResult,
  type EventName,
  type Events,
  type Result,
} from '#shared/contract.ts';

let current: Bridge | null = null;
let gate: ((command: CommandName) => Promise<void> | null) | null = null;

/** The bridge every store uses (its commands pass the gate first, when one is set). */
export function useClient(): Bridge {
  current ??= gated(window.feedbackDesk ?? createHttpBridge());
  return current;
}

/**
 * Holds commands back until `hold(command)` resolves (null: at once). The data file's update sets one, so the views'
 * questions wait here instead of in main: in web mode a waiting request keeps one of the browser's few connections
 * to the server, and the view scripts and the update's own answers would queue behind them.
 */
export function setInvokeGate(hold: ((command: CommandName) => Promise<void> | null) | null): void {
  gate = hold;
}

function gated(bridge: Bridge): Bridge {
  return {
    async invoke(command, args) {
      const wait = gate?.(command);
      if (wait) await wait;
      return bridge.invoke(command, args);
    },
    on: (event, listener) => bridge.on(event, listener),
  };
}

/** Replaces the bridge (tests pass a small in-memory one). */
export function setClient(bridge: Bridge | null): void {
  current = bridge && gated(bridge);
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'value' in value;
  if (value.ok !== false || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
  );
}

/** Web mode: POST /api/invoke/<command> for commands, server-sent events from /api/events for events. */
export function createHttpBridge(): Bridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;

  function openEvents(): void {
    if (source) return;
    source = new EventSource('/api/events');
    for (const name of eventNames) {
      source.addEventListener(name, (event) => {
        let payload: unknown;
        try {
          payload = JSON.parse(String(event.data));
        } catch {
          return;
        }
        listeners.get(name)?.forEach((listener) => listener(payload));
      });
    }
  }

  return {
    async invoke(command, args) {
      if (!isCommandName(command)) return fail('bad-request', 'Unknown command.');
      let response: Response;
      try {
        response = await fetch(`/api/invoke/${command}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(args),
          credentials: 'same-origin',
        });
      } catch {
        return fail('network', 'Feedback Desk is not reachable. Is `feedback-desk serve` still running?');
      }
      if (response.status === 403)
        return fail(
          'auth',
          'This page has no valid session. Open the URL that `feedback-desk serve` printed.',
        );
      const body: unknown = await response.json().catch(() => null);
      if (!isResult(body))
        return fail('internal', `Unexpected answer from Feedback Desk (HTTP ${response.status}).`);
      // The server answers each command with that command's Result (src-main/web/server.ts).
      return body as Result<CommandResult<typeof command>>;
    },
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void) {
      openEvents();
      // Payloads come from main's own event emitters, typed by the contract on that side.
      const wrapped = (payload: unknown): void => listener(payload as Events[E]);
      const set = listeners.get(event) ?? new Set();
      set.add(wrapped);
      listeners.set(event, set);
      return () => {
        set.delete(wrapped);
      };
    },
  } satisfies Bridge;
}

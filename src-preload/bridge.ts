// The preload's bridge object: `invoke` for the contract's commands only and `on` for its events; nothing else.
import {
  eventNames,
  fail,
  isCommandName,
  type Bridge,
  type CommandResult,
  type EventName,
  type Events,
  type Result,
} from '#shared/contract.ts';
import { commandChannel, eventChannel } from '../src-main/ipc/channels.ts';

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** The part of Electron's ipcRenderer the bridge uses (never exposed itself). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (eventNames as readonly string[]).includes(value);
}

export function createBridge(ipc: IpcRendererLike): Bridge {
  return {
    invoke(command, args) {
      // Types stop honest callers; this stops anything else the page might try.
      if (!isCommandName(command)) return Promise.resolve(fail('bad-request', 'Unknown command.'));
      // Main answers every command channel with a Result of that command (src-main/ipc/register.ts).
      return ipc.invoke(commandChannel(command), args) as Promise<Result<CommandResult<typeof command>>>;
    },
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void) {
      if (!isEventName(event) || typeof listener !== 'function') return () => {};
      const channel = eventChannel(event);
      // Only the payload reaches the page, never Electron's event object (it holds the sender).
      const wrapped: IpcListener = (_event, payload) => listener(payload as Events[E]);
      ipc.on(channel, wrapped);
      return () => {
        ipc.removeListener(channel, wrapped);
      };
    },
  } satisfies Bridge;
}

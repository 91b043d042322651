// Electron IPC registration: contract commands → handlers, with sender and argument checks; events → the window.
// Takes one-method interfaces instead of electron itself, so tests run in plain Node without loading Electron.
import {
  checkCommandArgs,
  commandNames,
  eventNames,
  fail,
  type CommandArgs,
  type CommandName,
  type EventName,
  type Events,
  type Handlers,
  type Result,
} from '#shared/contract.ts';
import { commandChannel, eventChannel } from './channels.ts';

/** The part of Electron's IpcMainInvokeEvent that is read: which frame sent the message. */
export interface IpcInvokeEvent {
  senderFrame: { url: string } | null;
}

/** The one method of `ipcMain` this module needs. */
export interface IpcHandleRegistry {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
}

export interface RegisterIpcOptions {
  ipc: IpcHandleRegistry;
  handlers: Handlers;
  /** Whether a frame URL is the app's own renderer (e.g. app://renderer/…); anything else is refused. */
  isTrustedSender(frameUrl: string): boolean;
  onHandlerError?: (command: CommandName, error: unknown) => void;
}

export function registerIpcHandlers(options: RegisterIpcOptions): void {
  for (const command of commandNames) {
    options.ipc.handle(commandChannel(command), (event, ...args) => answer(options, command, event, args));
  }
}

async function answer<K extends CommandName>(
  options: RegisterIpcOptions,
  command: K,
  event: IpcInvokeEvent,
  args: unknown[],
): Promise<Result<unknown>> {
  const url = event.senderFrame?.url;
  if (url === undefined || !options.isTrustedSender(url)) {
    return fail('bad-request', 'Refused: the request did not come from the Feedback Desk window.');
  }
  if (args.length > 1)
    return fail('bad-request', `Invalid arguments for ${command}: expected one argument object.`);
  const checked = checkCommandArgs(command, args[0]);
  if (!checked.ok) return fail('bad-request', `Invalid arguments for ${command}: ${checked.message}.`);
  const handler: (a: CommandArgs<K>) => Promise<Result<unknown>> = options.handlers[command];
  try {
    // Results, not exceptions: Electron keeps nothing of a thrown error but its message.
    return await handler(checked.args);
  } catch (error) {
    options.onHandlerError?.(command, error);
    return fail(
      'internal',
      'Something went wrong inside Feedback Desk. Try again; if it persists, restart it.',
    );
  }
}

export type SubscribeToEvent = <E extends EventName>(
  name: E,
  listener: (payload: Events[E]) => void,
) => () => void;

/** Forwards every contract event to the renderer (`send` is e.g. webContents.send); returns a stop function. */
export function forwardEvents(
  onEvent: SubscribeToEvent,
  send: (channel: string, payload: unknown) => void,
): () => void {
  const stops = eventNames.map((name) => onEvent(name, (payload) => send(eventChannel(name), payload)));
  return () => stops.forEach((stop) => stop());
}

/**
 * The trusted-sender rule for the shell: the page must come from exactly one origin (`scheme://host[:port]`).
 * Compared by protocol and host, because Node's URL gives the origin 'null' to custom schemes such as app://.
 */
export function senderFromOrigin(origin: string): (frameUrl: string) => boolean {
  return (frameUrl) => {
    try {
      const url = new URL(frameUrl);
      return url.host !== '' && `${url.protocol}//${url.host}` === origin;
    } catch {
      return false;
    }
  };
}

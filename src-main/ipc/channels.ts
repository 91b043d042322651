// IPC channel names: one namespaced channel per contract command and per event (main and preload share these).
import type { CommandName, EventName } from '#shared/contract.ts';

export function commandChannel(command: CommandName): string {
  return `feedback-desk:invoke:${command}`;
}

export function eventChannel(event: EventName): string {
  return `feedback-desk:event:${event}`;
}

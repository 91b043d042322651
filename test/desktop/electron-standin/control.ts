// The stand-in's line to the test that started it (child_process.fork's IPC channel): it tells the test what the app
// did (a window shown, a dialog opened, shell calls) and takes the test's answers and commands (dialog answers, menu
// clicks, quit). Without a parent (started by hand) dialogs answer "cancelled" and nothing is reported.

/** What the stand-in reports to the test. */
export type StandInReport =
  | { type: 'browser'; cdpEndpoint: string }
  | { type: 'window-shown'; id: number; url: string }
  | { type: 'dialog'; id: number; kind: 'save' | 'open' | 'message' | 'error'; options: unknown }
  | { type: 'shell'; method: string; args: unknown[] }
  | { type: 'quit'; code: number };

/** What the test sends. */
export type TestCommand =
  | { type: 'dialog-answer'; id: number; answer: unknown }
  | { type: 'menu-click'; path: string[] }
  | { type: 'quit' }
  | { type: 'close-window' };

let nextDialog = 1;
const waiting = new Map<number, (answer: unknown) => void>();
const commandListeners = new Set<(command: TestCommand) => void>();

export const hasParent = typeof process.send === 'function';

export function report(message: StandInReport): void {
  if (hasParent && process.connected) process.send?.(message);
}

/** Asks the test how a dialog is answered; `fallback` when no test is listening. */
export function askTest(
  kind: 'save' | 'open' | 'message',
  options: unknown,
  fallback: unknown,
): Promise<unknown> {
  if (!hasParent || !process.connected) return Promise.resolve(fallback);
  const id = nextDialog++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    report({ type: 'dialog', id, kind, options });
  });
}

export function onTestCommand(listener: (command: TestCommand) => void): void {
  commandListeners.add(listener);
}

if (hasParent) {
  process.on('message', (message: TestCommand) => {
    if (message.type === 'dialog-answer') {
      waiting.get(message.id)?.(message.answer);
      waiting.delete(message.id);
    } else commandListeners.forEach((l) => l(message));
  });
  // The channel must not keep the app alive once it quits on its own.
  process.channel?.unref();
}

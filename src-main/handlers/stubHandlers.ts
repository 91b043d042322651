// For bridge tests: a complete Handlers where every command not given answers 'not stubbed', so adding a command
// to the contract does not break tests that exercise the bridge with a few handlers.
import { commandNames, fail, type Handlers } from '../../src-shared/contract.ts';

export function stubHandlers(given: Partial<Handlers>): Handlers {
  const all: Record<string, unknown> = {};
  for (const name of commandNames)
    all[name] = async () => fail('internal', `${name} is not stubbed in this test.`);
  return { ...(all as Handlers), ...given };
}

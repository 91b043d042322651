// For tests that build their own small Handlers: every command the test does not give answers 'not-found', so a
// test names only the commands it exercises and keeps compiling as domains add commands.
import type { CommandName, Handlers, Result } from '../contract.ts';
import { commandNames, fail } from '../contract.ts';

export function withStubs(given: Partial<Handlers>): Handlers {
  const stubs: Partial<Record<CommandName, () => Promise<Result<never>>>> = {};
  for (const name of commandNames)
    stubs[name] = async () => fail('not-found', `${name} is not part of this test.`);
  return { ...(stubs as Record<CommandName, () => Promise<Result<never>>>), ...given };
}

// Runs one CLI command object in-process the way runCli does (parse, run, one-line errors), capturing its output.
// Unlike runCli it takes the command itself, so tests can pass one built with test dependencies (a session keychain).
import { UsageError, parseOptions } from './args.ts';
import type { CliCommand } from './command.ts';

export async function runCommand(
  command: CliCommand,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal = new AbortController().signal,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin,
    env,
    signal,
  };
  let code: number;
  try {
    code = await command.run(parseOptions(args, command.options), io);
  } catch (error) {
    code = error instanceof UsageError ? 2 : 1;
    stderr += `feedback-desk ${command.name}: ${error instanceof Error ? error.message : String(error)}\n`;
  }
  return { code, stdout, stderr };
}

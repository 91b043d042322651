// The `feedback-desk` command line: the command registry and dispatch.
import { UsageError, formatOptionsHelp, parseOptions } from './args.ts';
import type { CliCommand, CliIO } from './command.ts';
import { loadCommand, loadCommands } from './commands/index.ts';

export async function formatHelp(): Promise<string> {
  const commands = await loadCommands();
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    'Usage: feedback-desk <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    "Run 'feedback-desk <command> --help' for a command's options.",
  ].join('\n');
}

export function formatCommandHelp(command: CliCommand): string {
  return [
    `Usage: feedback-desk ${command.name}${command.verbs ? ` ${command.verbs.join('|')}` : ''} [options]`,
    '',
    command.summary,
    ...(command.details ? ['', command.details] : []),
    '',
    'Options:',
    formatOptionsHelp(command.options),
  ].join('\n');
}

/** Runs one command line; returns the exit code. Never calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write((await formatHelp()) + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.stderr.write(`feedback-desk: unknown command '${name}' (try --help)\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(formatCommandHelp(command) + '\n');
    return 0;
  }
  try {
    if (!command.verbs) return await command.run(parseOptions(rest, command.options), io);
    const [verb, ...after] = rest;
    if (verb === undefined || !command.verbs.includes(verb))
      throw new UsageError(
        `${verb === undefined ? 'a verb is missing' : `unknown verb '${verb}'`}: ${command.verbs.map((v) => `'${name} ${v}'`).join(', ')}`,
      );
    return await command.run({ ...parseOptions(after, command.options), verb }, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`feedback-desk ${name}: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`feedback-desk ${name}: ${message}\n`);
    return 1;
  }
}

export async function main(): Promise<void> {
  const controller = new AbortController();
  const stop = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  // `feedback-desk query | head`: a closed pipe ends the output, not the process with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    signal: controller.signal,
  });
  process.exitCode = code;
}

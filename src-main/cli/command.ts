// The shape of one CLI command and the I/O it is given (so tests run commands in-process).
import { checkBaseUrl } from '../api/http.ts';
import { UsageError } from './args.ts';
import type { OptionSpec, OptionValues } from './args.ts';

export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  /** Aborted on SIGINT/SIGTERM; long-running commands stop cleanly when it fires. */
  signal: AbortSignal;
}

export interface CliCommand {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Extra paragraphs for `--help`, optional. */
  details?: string;
  options: readonly OptionSpec[];
  /**
   * A command with verbs (`feedback-desk alerts replay`): the first argument must be one of them; `run` finds it
   * as the option `verb`.
   */
  verbs?: readonly string[];
  /** Returns the process exit code. Throw UsageError for a bad value; other errors are printed as one line. */
  run(options: OptionValues, io: CliIO): Promise<number>;
}

/** Typed accessors for parsed option values. */
export function optString(options: OptionValues, name: string): string | undefined {
  const v = options[name];
  return typeof v === 'string' ? v : undefined;
}
export function optInt(options: OptionValues, name: string): number | undefined {
  const v = options[name];
  return typeof v === 'number' ? v : undefined;
}
export function optBool(options: OptionValues, name: string): boolean {
  return options[name] === true;
}

/** The required `--base-url`, checked by the clients' address rule (https, or http on loopback). */
export function baseUrlOption(options: OptionValues): string {
  const raw = optString(options, 'base-url');
  if (raw === undefined)
    throw new UsageError(
      "option '--base-url' is required (the service address, e.g. https://feedback.example.com)",
    );
  try {
    return checkBaseUrl(raw);
  } catch (error) {
    throw new UsageError(`option '--base-url': ${error instanceof Error ? error.message : String(error)}`);
  }
}

// What `npm start -- [options]` runs: the desktop app, or web mode (`serve`) with the options given after `--`.
import { join } from 'node:path';
import { UsageError, formatOptionsHelp, parseOptions } from '../src-main/cli/args.ts';
import { serve } from '../src-main/cli/commands/serve.ts';

export type StartPlan =
  | { kind: 'run'; mode: 'desktop' | 'web'; command: string; args: string[]; note: string | null }
  | { kind: 'print'; text: string; exitCode: number };

/**
 * `argv`: what followed `npm start --` (serve's options: --port, --db, --no-open); `electronBinary`: the desktop
 * binary when the desktop app can start; `unavailable`: why it cannot and what to do, as a sentence (start.js
 * says what postinstall.js kept after `npm ci`, or what keeps Linux's sandbox from starting).
 * Options are checked here, before the build, so a typo costs no build. Options mean web mode (the desktop app takes
 * none); the note says why the browser is used instead.
 */
export function startPlan(
  argv: readonly string[],
  electronBinary: string | null,
  root: string,
  unavailable: string | null = null,
): StartPlan {
  if (argv.includes('--help') || argv.includes('-h'))
    return {
      kind: 'print',
      exitCode: 0,
      text: `Usage: npm start [-- options]\n\nBuilds the app and opens it; with options, in web mode (a browser).\n\nOptions:\n${formatOptionsHelp(serve.options)}\n`,
    };
  try {
    parseOptions(argv, serve.options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return {
      kind: 'print',
      exitCode: 2,
      text: `npm start: ${error.message} (npm start -- --help lists the options)\n`,
    };
  }
  if (electronBinary && argv.length === 0)
    return { kind: 'run', mode: 'desktop', command: electronBinary, args: [root], note: null };
  return {
    kind: 'run',
    mode: 'web',
    command: process.execPath,
    args: [join(root, 'bin', 'feedback-desk.js'), 'serve', ...argv],
    note: electronBinary
      ? `${argv.join(' ')}: options of web mode, so Feedback Desk starts in web mode: open the URL printed below.`
      : `${unavailable ?? 'Electron is not installed on this machine'}, so Feedback Desk starts in web mode: open the URL printed below.`,
  };
}

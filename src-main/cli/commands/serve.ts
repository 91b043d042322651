// `feedback-desk serve`: web mode — the app's handlers behind a loopback HTTP server, opened in a browser.
import { createRoutedFetch, proxyFromEnv } from '../../api/network.ts';
import type { NetworkSettings } from '../../api/network.ts';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseCredentialStore } from '../../credentials/chooseStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { defaultStorePath } from '../../paths.ts';
import { createServices } from '../../services.ts';
import { startWebServer } from '../../web/server.ts';
import { optBool, optInt, optString, type CliCommand } from '../command.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The built renderer: beside the built main when this module runs from the bundle (out/main/… → out/renderer),
 * else out/renderer of the project when it runs from the sources (src-main/cli/commands/).
 */
export function defaultRendererDir(from: string = here): string {
  const beside = join(from, '..', 'renderer');
  return existsSync(join(beside, 'index.html')) ? beside : resolve(from, '../../..', 'out', 'renderer');
}

/** Opens the URL in the default browser; quietly does nothing where there is none (servers, CI). */
export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No browser launcher: the printed URL is enough.
  }
}

export interface ServeDeps {
  /** The built renderer; default out/renderer of this project. */
  rendererDir?: string;
  openBrowser?: (url: string) => void;
}

// eslint-disable-next-line max-lines-per-function -- a CLI command: its option list and the run that starts web mode
export function createServeCommand(deps: ServeDeps = {}): CliCommand {
  return {
    name: 'serve',
    summary: 'run the app in a browser (web mode): a server on 127.0.0.1 with a per-run session',
    details: [
      'Prints one URL to open; it carries a random session token, and every request without the session is refused.',
      'The server listens on 127.0.0.1 only. Stop it with Ctrl+C. Build the renderer first: npx electron-vite build.',
    ].join('\n'),
    options: [
      {
        name: 'port',
        type: 'integer',
        valueName: 'N',
        description: 'port on 127.0.0.1 (0 picks a free one)',
        min: 0,
        max: 65535,
        default: 0,
      },
      {
        name: 'db',
        type: 'string',
        valueName: 'PATH',
        description: 'the local SQLite store (default: the user data folder)',
      },
      { name: 'no-open', type: 'boolean', description: 'do not open a browser, only print the URL' },
    ],
    async run(options, io) {
      const rendererDir = deps.rendererDir ?? defaultRendererDir();
      if (!existsSync(join(rendererDir, 'index.html')))
        throw new Error(
          `the app is not built (no ${join(rendererDir, 'index.html')}); run 'npx electron-vite build' or 'npm start'`,
        );
      const storePath = resolve(optString(options, 'db') ?? defaultStorePath('default', io.env));
      mkdirSync(dirname(storePath), { recursive: true });
      // The OS keychain when it answers; web mode has no encrypted-file fallback, so else this session's memory.
      const credentials = await chooseCredentialStore({ keychain: createKeytarStore() });
      // The service is reached through the proxy the environment names, trusting the system's CAs too.
      const network = (target: string): NetworkSettings => proxyFromEnv(target, io.env);
      const services = createServices({
        storePath,
        credentials: credentials.store,
        credentialsInfo: credentials.info,
        fetch: createRoutedFetch(network),
        network,
      });
      let server;
      try {
        server = await startWebServer({
          handlers: services.handlers,
          onEvent: services.onEvent,
          takeDownload: (id) => services.takeDownload(id),
          rendererDir,
          port: optInt(options, 'port') ?? 0,
          onHandlerError: (command, error) =>
            io.stderr.write(
              `feedback-desk serve: ${command} failed (${error instanceof Error ? error.name : 'error'})\n`,
            ),
        });
      } catch (error) {
        await services.close();
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        if (code === 'EADDRINUSE')
          throw new Error(`port ${optInt(options, 'port')} on 127.0.0.1 is already in use`, { cause: error });
        throw error;
      }
      io.stdout.write(`Feedback Desk web mode. Local data: ${storePath}\n`);
      io.stdout.write(`Open ${server.url}\n`);
      io.stdout.write('Press Ctrl+C to stop.\n');
      if (!optBool(options, 'no-open')) (deps.openBrowser ?? openInBrowser)(server.url);
      await new Promise<void>((done) => {
        if (io.signal.aborted) done();
        else io.signal.addEventListener('abort', () => done(), { once: true });
      });
      await server.close();
      await services.close();
      return 0;
    },
  };
}

export const serve = createServeCommand();

// Every CLI command, in the order `--help` lists them. Each lives in its own module beside this one and is loaded only
// when it runs (or for the full help): a command pays for its own imports alone (export's renderers take ~1 s to load,
// which `status` and an incremental `sync` should not wait for).
import type { CliCommand } from '../command.ts';

const loaders: Record<string, () => Promise<CliCommand>> = {
  emulator: async () => (await import('./emulator.ts')).emulator,
  login: async () => (await import('./login.ts')).login,
  profiles: async () => (await import('./profiles.ts')).profiles,
  sync: async () => (await import('./sync.ts')).sync,
  status: async () => (await import('./status.ts')).status,
  query: async () => (await import('./query.ts')).query,
  explain: async () => (await import('./explain.ts')).explain,
  alerts: async () => (await import('./alerts.ts')).alerts,
  anomalies: async () => (await import('./anomalies.ts')).anomalies,
  export: async () => (await import('./export.ts')).exportCommand,
  report: async () => (await import('./report.ts')).report,
  annotations: async () => (await import('./annotations.ts')).annotations,
  serve: async () => (await import('./serve.ts')).serve,
};

/** The command called `name`, or undefined when there is none. */
export async function loadCommand(name: string): Promise<CliCommand | undefined> {
  return Object.hasOwn(loaders, name) ? await loaders[name]?.() : undefined;
}

/** Every command, in help order. */
export async function loadCommands(): Promise<CliCommand[]> {
  return Promise.all(Object.values(loaders).map((load) => load()));
}

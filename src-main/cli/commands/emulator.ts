// `feedback-desk emulator`: the feedback service emulator (v2 API over a generated world) on a local port.
import { readFile, writeFile } from 'node:fs/promises';
import { parseFaultKinds } from '#emulator/http/faults.ts';
import { worldAlerts } from '#emulator/world/alerts.ts';
import { dayCounts } from '#emulator/world/dayCounts.ts';
import { worldFromFixture, worldToFixture } from '#emulator/world/fixture.ts';
import { parseIncidents, type Incident } from '#emulator/world/incident.ts';
import type { World } from '#emulator/world/types.ts';
import { generateWorld } from '#emulator/world/world.ts';
import {
  type FaultOptions,
  DEFAULT_V1_CLIENT_ID,
  DEFAULT_V1_TOKEN,
  DEFAULT_V2_TOKEN,
  FAULT_KINDS,
  LIMITED_V2_TOKEN,
  OTHER_V1_CLIENT_ID,
  OTHER_V1_TOKEN,
  type RunningEmulator,
  startEmulator,
} from '#emulator/index.ts';
import { UsageError } from '../args.ts';
import { type CliCommand, optInt, optString } from '../command.ts';
import { portInUse, portInUseMessage } from '../portCheck.ts';

const SIZES = ['tiny', 'small', 'demo', 'large', 'xlarge', 'awkward'] as const;

function parseNow(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  // A date alone means its start in UTC; otherwise any ISO 8601 timestamp with a zone.
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  const d = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text) || Number.isNaN(d.getTime()))
    throw new UsageError(`option '--now' takes an ISO 8601 date or timestamp, not '${text}'`);
  return d;
}

/** `--incident` read (world/incident.ts), its sentence a usage error. */
function incidentsOption(text: string | undefined): Incident[] | undefined {
  try {
    return text === undefined ? undefined : parseIncidents(text);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parseFaults(options: Parameters<CliCommand['run']>[0]): FaultOptions | undefined {
  const kindsText = optString(options, 'faults');
  const percent = optInt(options, 'fault-percent');
  if (kindsText === undefined && percent === undefined) return undefined;
  const faults: FaultOptions = { rate: (percent ?? 100) / 100 };
  if (kindsText !== undefined) {
    const parsed = parseFaultKinds(kindsText);
    if ('unknown' in parsed)
      throw new UsageError(
        `option '--faults' has an unknown fault '${parsed.unknown}' (${FAULT_KINDS.join(', ')})`,
      );
    faults.kinds = parsed.kinds;
  }
  const after = optInt(options, 'fault-after');
  const max = optInt(options, 'fault-max');
  const seed = optInt(options, 'fault-seed');
  const slow = optInt(options, 'slow-ms');
  if (after !== undefined) faults.afterRequests = after;
  if (max !== undefined) faults.maxFaults = max;
  if (seed !== undefined) faults.seed = seed;
  if (slow !== undefined) faults.slowMs = slow;
  return faults;
}

/** Both files or neither; each read now, so a wrong path is said before the world is generated. */
async function readTls(
  certFile: string | undefined,
  keyFile: string | undefined,
): Promise<{ cert: Buffer; key: Buffer } | undefined> {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined)
    throw new UsageError("options '--tls-cert' and '--tls-key' go together (the certificate and its key)");
  const read = async (file: string, what: string): Promise<Buffer> => {
    try {
      return await readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new UsageError(`the TLS ${what} '${file}' cannot be read (${code})`);
    }
  };
  return { cert: await read(certFile, 'certificate'), key: await read(keyFile, 'key') };
}

export const emulator: CliCommand = {
  name: 'emulator',
  summary: 'run the feedback service emulator (deterministic demo data) on a local port',
  details: [
    'Generates a world from --seed, --size and --now and serves the v2 API under <url>/v2/ until Ctrl+C.',
    'The same seed, size and now always give byte-identical answers.',
    `Credentials: v2 token ${DEFAULT_V2_TOKEN} (every scope, whole tree) or ${LIMITED_V2_TOKEN}`,
    `(feedback and structure only, one country); v1 client ${DEFAULT_V1_CLIENT_ID} / ${DEFAULT_V1_TOKEN},`,
    `or ${OTHER_V1_CLIENT_ID} / ${OTHER_V1_TOKEN} for a second, disjoint company.`,
  ].join('\n'),
  options: [
    {
      name: 'port',
      type: 'integer',
      valueName: 'N',
      description: 'port to listen on (0 picks a free one)',
      min: 0,
      max: 65535,
      default: 8787,
    },
    { name: 'host', type: 'string', valueName: 'HOST', description: 'address to bind', default: '127.0.0.1' },
    {
      name: 'seed',
      type: 'integer',
      valueName: 'S',
      description: 'seed of the generated world',
      min: 0,
      max: 4294967295,
      default: 1,
    },
    {
      name: 'size',
      type: 'string',
      valueName: 'SIZE',
      description:
        'world size (presses: ~4k, ~200k, ~2M, ~22M, ~102M over 5 years; awkward: every odd shape of an account, 1,050)',
      choices: SIZES,
      default: 'demo',
    },
    {
      name: 'now',
      type: 'string',
      valueName: 'ISO',
      description: "the world's present, e.g. 2026-01-31T12:00:00Z (default: the current time)",
    },
    {
      name: 'rate-limit',
      type: 'integer',
      valueName: 'N',
      description: 'requests per credential per hour',
      min: 1,
      default: 10000,
    },
    {
      name: 'faults',
      type: 'string',
      valueName: 'KINDS',
      description: `inject faults, comma-separated: ${FAULT_KINDS.join(', ')} (all when only --fault-percent is given)`,
    },
    {
      name: 'fault-percent',
      type: 'integer',
      valueName: 'P',
      description: 'percentage of requests that get a fault (100 when only --faults is given)',
      min: 0,
      max: 100,
    },
    {
      name: 'fault-after',
      type: 'integer',
      valueName: 'N',
      description: 'never fault the first N requests',
      min: 0,
    },
    { name: 'fault-max', type: 'integer', valueName: 'N', description: 'stop after N faults', min: 0 },
    {
      name: 'fault-seed',
      type: 'integer',
      valueName: 'S',
      description: 'seed deciding which requests fail',
      min: 0,
      max: 4294967295,
    },
    {
      name: 'slow-ms',
      type: 'integer',
      valueName: 'MS',
      description: 'delay of a slow fault (default 2000)',
      min: 0,
    },
    {
      name: 'fixture',
      type: 'string',
      valueName: 'FILE',
      description: 'serve the world in this fixture file (JSON; --seed, --size and --now are then ignored)',
    },
    {
      name: 'tls-cert',
      type: 'string',
      valueName: 'FILE',
      description: 'serve HTTPS with this certificate (PEM; with --tls-key), as the real service does',
    },
    {
      name: 'tls-key',
      type: 'string',
      valueName: 'FILE',
      description: "the certificate's private key (PEM)",
    },
    {
      name: 'incident',
      type: 'string',
      valueName: 'point=ID,from=DATE,to=DATE,negative=PERCENT',
      repeatable: true,
      description:
        "make PERCENT % of the point's presses red on its local days from..to (inclusive); repeat for more",
    },
    {
      name: 'dump',
      type: 'string',
      valueName: 'FILE',
      description: 'write the world to this fixture file and exit instead of serving',
    },
  ],
  async run(options, io) {
    const size = SIZES.find((s) => s === optString(options, 'size')) ?? 'demo';
    const now = parseNow(optString(options, 'now'));
    const faults = parseFaults(options);
    const fixture = optString(options, 'fixture');
    const dump = optString(options, 'dump');
    const port = optInt(options, 'port') ?? 8787;
    const incidents = incidentsOption(optString(options, 'incident'));
    const host = optString(options, 'host') ?? '127.0.0.1';
    const tls = await readTls(optString(options, 'tls-cert'), optString(options, 'tls-key'));
    // Checked before the world is generated (seconds for demo, a minute for large), and again at the real listen.
    if (!dump && (await portInUse(host, port))) throw new Error(portInUseMessage(host, port));
    io.stderr.write(fixture ? `Loading ${fixture}…\n` : `Generating the ${size} world…\n`);
    const world = fixture
      ? worldFromFixture(JSON.parse(await readFile(fixture, 'utf8')))
      : generateWorld({
          seed: optInt(options, 'seed') ?? 1,
          size,
          ...(now && { now }),
          ...(incidents && { incidents }),
        });
    const unknown = incidents?.find((i) => !world.experiencePoints.some((e) => e.id === i.pointId));
    if (unknown)
      throw new UsageError(`option '--incident': the world has no experience point ${unknown.pointId}`);
    if (dump) {
      await writeFile(dump, JSON.stringify(worldToFixture(world)));
      io.stdout.write(`Wrote the world (${world.presses.count} presses) to ${dump}\n`);
      return 0;
    }
    const prepared = prepareAnswers(world);
    const running = await startEmulator({
      world,
      port,
      host,
      rateLimit: optInt(options, 'rate-limit') ?? 10000,
      ...(faults && { faults }),
      ...(tls && { tls }),
    }).catch((error: unknown) => {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      throw code === 'EADDRINUSE' ? new Error(portInUseMessage(host, port), { cause: error }) : error;
    });
    io.stdout.write(banner(running, prepared));
    if (!io.signal.aborted)
      await new Promise<void>((resolve) =>
        io.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
    await running.close();
    io.stderr.write('Emulator stopped.\n');
    return 0;
  },
};

/** What prepareAnswers did, for the banner. */
interface Prepared {
  alerts: number;
  alertsMs: number;
  dayCountsMs: number;
}

/**
 * The service answers its alerts and its aggregated counts from what it has stored; the emulator evaluates the alerts
 * over the whole press stream on the first request that needs them (8.1 s on `xlarge`, which a first sync spent
 * waiting, and every other request with it: the server has one thread), and counts the presses by day on the first
 * aggregates request (seconds there). Here, before it listens, as part of the world it serves.
 */
function prepareAnswers(world: World): Prepared {
  const started = performance.now();
  const alerts = worldAlerts(world).alerts.length;
  const alerted = performance.now();
  dayCounts(world);
  return { alerts, alertsMs: alerted - started, dayCountsMs: performance.now() - alerted };
}

/** What the command prints once it listens: the URL, the world, the credentials. */
function banner(running: RunningEmulator, prepared: Prepared): string {
  const w = running.world;
  return [
    `Emulator listening on ${running.url}  (v2: ${running.url}/v2/)`,
    `World: seed ${w.seed}, size ${w.size}, now ${new Date(w.now).toISOString()}, ${w.presses.count} presses, ` +
      `${w.experiencePoints.length} experience points, ${prepared.alerts} alerts, generated in ${Math.round(w.generationMs)} ms ` +
      `(the alerts evaluated in ${Math.round(prepared.alertsMs)} ms, the presses counted by day in ${Math.round(prepared.dayCountsMs)} ms)`,
    `v2 token: ${DEFAULT_V2_TOKEN} (all scopes)   limited: ${LIMITED_V2_TOKEN}`,
    `v1 client id / token: ${DEFAULT_V1_CLIENT_ID} / ${DEFAULT_V1_TOKEN}   other company: ${OTHER_V1_CLIENT_ID} / ${OTHER_V1_TOKEN}`,
    `Try: curl -H 'X-Svc-API-Token: ${DEFAULT_V2_TOKEN}' '${running.url}/v2/experience-points.json'`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}

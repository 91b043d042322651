// `npm run bench -- emulator`: records served per second by the emulator over loopback, gzip off.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MARKER = Buffer.from('{"feedbackId"');

function countRecords(body: Buffer): number {
  let n = 0;
  for (let at = body.indexOf(MARKER); at !== -1; at = body.indexOf(MARKER, at + MARKER.length)) n++;
  return n;
}

async function pageThrough(
  first: string,
  maxPages: number,
  csv: boolean,
): Promise<{ records: number; seconds: number; pages: number }> {
  let url: string | null = first;
  let records = 0;
  let pages = 0;
  const started = performance.now();
  while (url && pages < maxPages) {
    const res: Response = await fetch(url, {
      headers: { 'X-Svc-API-Token': 'demo-v2-token', 'Accept-Encoding': 'identity' },
    });
    const body = Buffer.from(await res.arrayBuffer());
    records += csv ? body.toString('latin1').split('\r\n').length - 2 : countRecords(body);
    pages++;
    url =
      res.headers.get('x-more-available') === 'true'
        ? (/^<([^>]+)>/.exec(res.headers.get('link') ?? '')?.[1] ?? null)
        : null;
  }
  return { records, seconds: (performance.now() - started) / 1000, pages };
}

const V1_AUTH = `Basic ${Buffer.from('demo-client:demo-token').toString('base64')}`;

/** Every raw result of the given v1 surveys, following meta.moreResultsAfter (pages of 100000, gzip off). */
async function rawResultsThrough(
  base: string,
  keys: readonly number[],
): Promise<{ items: number; pages: number; seconds: number }> {
  let items = 0;
  let pages = 0;
  const started = performance.now();
  for (const key of keys) {
    let start: string | null = '2000-01-01T00:00:00Z';
    while (start !== null) {
      const url = `${base}/v1/surveys/${key}/rawresults?date_start=${encodeURIComponent(start)}`;
      const res: Response = await fetch(url, {
        headers: { Authorization: V1_AUTH, 'Accept-Encoding': 'identity' },
      });
      const body = (await res.json()) as { meta: { moreResultsAfter?: string }; data: unknown[] };
      items += body.data.length;
      pages++;
      start = body.meta.moreResultsAfter ?? null;
    }
  }
  return { items, pages, seconds: (performance.now() - started) / 1000 };
}

export async function run(args: string[]): Promise<void> {
  const size = args.find((a) => a.startsWith('--size='))?.slice(7) ?? 'demo';
  const child = spawn(process.execPath, [fileURLToPath(new URL('./benchServer.ts', import.meta.url)), size], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const info = JSON.parse(line) as {
      url: string;
      presses: number;
      generationMs: number;
      v1SurveyKeys: number[];
    };
    console.log(`world ${size}: ${info.presses} presses, generated in ${Math.round(info.generationMs)} ms`);
    const query = 'startDate=2025-11-22&endDate=2026-11-22&limit=10000&includeMisuse=true';
    await pageThrough(`${info.url}/v2/results/button-feedbacks.json?${query}`, 5, false); // warm-up
    for (const [label, path, csv] of [
      ['v2 button-feedbacks JSON', 'button-feedbacks.json', false],
      ['v2 button-feedbacks CSV', 'button-feedbacks.csv', true],
    ] as const) {
      const r = await pageThrough(`${info.url}/v2/results/${path}?${query}&order=asc`, 100, csv);
      console.log(
        `${label}: ${r.records} records in ${r.pages} pages of 10000, ${r.seconds.toFixed(2)} s → ${Math.round(r.records / r.seconds)} records/s`,
      );
    }
    await rawResultsThrough(info.url, info.v1SurveyKeys.slice(0, 1)); // warm-up
    const v1 = await rawResultsThrough(info.url, info.v1SurveyKeys);
    console.log(
      `v1 raw results: ${v1.items} items of ${info.v1SurveyKeys.length} surveys in ${v1.pages} pages, ${v1.seconds.toFixed(2)} s → ${Math.round(v1.items / v1.seconds)} items/s`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

// The report pack of `npm run bench -- export`: every country's Overview (the children of the tree's top) for the
// last month on the `large` store, on one thread and on two, into temp folders; then the same run again, which keeps
// every report (the resume path). Options: --pack-db=PATH (default /work/cache/large.sqlite when it exists; without
// a store the pack is skipped), --pack-view=VIEW (default overview), --pack-each=… (default children).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeReportPack } from '../src-main/app/reportPackService.ts';
import { parseEach } from '../src-main/export/packPlan.ts';
import { reportViews } from '../src-main/export/viewReports.ts';

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function runPackBench(args: string[]): Promise<void> {
  const opt = (name: string): string | undefined =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const db =
    opt('pack-db') ?? (existsSync('/work/cache/large.sqlite') ? '/work/cache/large.sqlite' : undefined);
  if (!db) {
    console.log('report pack: skipped (no store; pass --pack-db=PATH, a synced large store)');
    return;
  }
  const view = reportViews.find((v) => v === (opt('pack-view') ?? 'overview')) ?? 'overview';
  const each = parseEach(opt('pack-each') ?? 'children') ?? { kind: 'children' as const };
  // The world's "today" is 2026-11-21 (bench/queries.ts): last month is October 2026.
  const filter = { from: '2026-10-01', to: '2026-11-01' };
  for (const threads of [1, 2]) {
    const out = mkdtempSync(join(tmpdir(), 'fd-bench-pack-'));
    try {
      const load = loadAverage();
      const t0 = performance.now();
      const made = await makeReportPack({ storePath: db, view, each, filter, outDir: out, threads });
      const first = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      const again = await makeReportPack({ storePath: db, view, each, filter, outDir: out, threads });
      const resumed = (performance.now() - t1) / 1000;
      console.log(
        `report pack, ${view} of each ${opt('pack-each') ?? 'children'} (${made.total} reports + index), October ` +
          `2026, ${threads} thread${threads > 1 ? 's' : ''}: ${first.toFixed(1)} s (${(first / made.total).toFixed(2)} s ` +
          `a report); run again (${again.kept} kept): ${resumed.toFixed(1)} s; load average before ${load}`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
}

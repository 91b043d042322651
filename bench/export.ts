// Export time of a 1600 × 900 chart at 2× (a year of daily NPS answers, 11 stacked series): SVG, PNG, PDF; then a report pack.
import { buildDailyButtonChartOption, tabulateDailyButtonCounts } from '#shared/charts/dailyButtonCounts.ts';
import type { QueryRow } from '#shared/contract.ts';
import { appInfo } from '../src-main/export/appInfo.ts';
import { chartFile, type Caption } from '../src-main/export/exportFiles.ts';
import { runPackBench } from './_reportPack.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function run(args: string[]): Promise<void> {
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 7);
  const rows: QueryRow[] = [];
  for (let d = 0; d < 365; d++) {
    const day = new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    for (let b = 0; b <= 10; b++) rows.push({ day, buttonIndex: b, count: ((d * 7 + b * 13) % 40) + 5 });
  }
  const option = JSON.parse(
    JSON.stringify(buildDailyButtonChartOption(tabulateDailyButtonCounts(rows, 'nps'), { animation: false })),
  ) as Record<string, unknown>;
  const caption: Caption = {
    title: 'NPS answers per day',
    filters: {
      subtree: 'Deutschland',
      period: '2026-01-01 to 2026-12-31',
      scale: 'NPS 0–10',
      misuse: 'misuse left out',
    },
    dataAsOf: '2026-12-31T23:00:00Z',
    app: appInfo(),
  };
  const size = { width: 1600, height: 900, pixelRatio: 2 as const };
  for (const format of ['svg', 'png', 'pdf'] as const) {
    const t0 = performance.now();
    const first = await chartFile(option, caption, format, size);
    const cold = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await chartFile(option, caption, format, size);
      times.push(performance.now() - t);
    }
    console.log(
      `${format.padEnd(3)} 1600×900 @2×: median ${median(times).toFixed(0)} ms over ${runs} runs ` +
        `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; first ${cold.toFixed(0)} ms), ` +
        `${(first.length / 1024).toFixed(0)} KiB`,
    );
  }
  await runPackBench(args);
}

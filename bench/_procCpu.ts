// CPU seconds of processes and threads from Linux's /proc, for the benches that run a sync beside an emulator.

import { readFileSync } from 'node:fs';

/** USER_HZ, the unit of the times in /proc/<pid>/stat on Linux. */
const ticks = 100;

/** User + system seconds of a /proc stat line (its fields after the command's name, which may hold spaces). */
export function statCpu(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** CPU seconds (user + system) a process has used, from /proc; NaN when it cannot be read. */
export function processCpu(pid: number | 'self' | undefined): number {
  try {
    return statCpu(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

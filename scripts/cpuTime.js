// `node scripts/cpuTime.js <out-file> <command> [args...]`: runs the command (its output inherited), then writes to
// <out-file> the CPU seconds (user + system) the command and every process under it used, and exits with its status.
// Linux only (it reads the children's times from /proc/self/stat); `npm test` wraps each of its steps in it, so the
// summary can say what a step cost beside how long it took (a wall time on a shared 2-core machine moves with the
// load; CPU-seconds much less so). A process that left its parent (a daemon) is not counted.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** User + system seconds of this process's waited-for children (fields 16 and 17 of /proc/self/stat, in USER_HZ). */
export function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
  const ticks = Number(fields[16 - 3]) + Number(fields[17 - 3]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [out, command, ...args] = process.argv.slice(2);
  // Ctrl-C and the runner's timeout reach the whole process group; this process only waits for the command.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
  const result = spawnSync(command, args, { stdio: 'inherit' });
  writeFileSync(out, String(childrenCpuSeconds()));
  if (result.error) {
    console.error(`could not start ${command}: ${result.error.message}`);
    process.exit(127);
  }
  process.exit(result.status ?? 128);
}

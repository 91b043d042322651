// The line a command prints while a new version updates the data file (migrations can take a minute on a big file).
import { describeMigration, type MigrationStart } from '../store/migrate.ts';

/** Writes each migration's start as a line on `out` (standard error: the command's output stays as it was). */
export function migrationLine(out: { write(text: string): unknown }): (m: MigrationStart) => void {
  return (m) => void out.write(`${describeMigration(m)}\n`);
}

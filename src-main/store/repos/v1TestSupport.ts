// Test support while migration 0005 waits for 0003/0004 to land: a migrations folder with the v1 schema in place.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMigrationsDir } from '../migrate.ts';

const v1Migration = '0005_v1.sql';

/**
 * The real migrations folder once `0005_v1.sql` is in it; until then a temporary copy with the draft as 0005 and
 * a comment-only placeholder for any number below it not yet landed.
 */
export function v1MigrationsDir(): string {
  const files = readdirSync(defaultMigrationsDir);
  if (files.includes(v1Migration)) return defaultMigrationsDir;
  const dir = mkdtempSync(join(tmpdir(), 'fd-v1-migrations-'));
  for (const f of files.filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name) && name < v1Migration))
    copyFileSync(join(defaultMigrationsDir, f), join(dir, f));
  for (let n = 1; n < 5; n++) {
    const prefix = String(n).padStart(4, '0');
    if (!readdirSync(dir).some((f) => f.startsWith(`${prefix}_`)))
      writeFileSync(join(dir, `${prefix}_placeholder.sql`), '-- not landed yet\n');
  }
  const draft = join(defaultMigrationsDir, `${v1Migration}.draft`);
  if (!existsSync(draft))
    throw new Error(`neither ${v1Migration} nor its draft is in ${defaultMigrationsDir}`);
  copyFileSync(draft, join(dir, v1Migration));
  return dir;
}

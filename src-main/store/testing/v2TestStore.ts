// Test support: a store in a temp folder with every migration, including 0004 while it is still a draft beside a
// missing 0003 (migrations must be numbered without gaps). Goes away once 0003 and 0004 are both in the folder.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMigrationsDir } from '../migrate.ts';

/** The migrations folder to open test stores with. */
export function testMigrationsDir(): string {
  const files = readdirSync(defaultMigrationsDir);
  if (files.some((f) => /^0004_.*\.sql$/.test(f))) return defaultMigrationsDir;
  const dir = mkdtempSync(join(tmpdir(), 'fd-migrations-'));
  for (const f of files.filter((f) => f.endsWith('.sql')))
    copyFileSync(join(defaultMigrationsDir, f), join(dir, f));
  if (!existsSync(join(dir, files.find((f) => f.startsWith('0003_')) ?? '0003_missing.sql')))
    writeFileSync(join(dir, '0003_placeholder.sql'), '-- stands in for 0003 until it exists\nSELECT 1;\n');
  copyFileSync(join(defaultMigrationsDir, '0004_v2_resources.sql.draft'), join(dir, '0004_v2_resources.sql'));
  return dir;
}

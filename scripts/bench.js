// `npm run bench -- <name>`: runs bench/<name>.ts (all of them without a name). Figures are printed, never asserted.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bench');
const available = readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const name of wanted) {
  if (!available.includes(name)) {
    console.error(`bench: unknown benchmark '${name}' (available: ${available.join(', ') || 'none'})`);
    process.exit(2);
  }
}
for (const name of wanted.length ? wanted : available) {
  console.log(`\n## bench ${name}`);
  const mod = await import(pathToFileURL(path.join(benchDir, `${name}.ts`)).href);
  await mod.run(process.argv.slice(2).filter((a) => a.startsWith('--')));
}

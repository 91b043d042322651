// Electronegativity (Doyensec's Electron security scanner) over the shell's sources, offline: the checks that
// need GitHub (newer Electron releases) are left out. Exit 0 when there is no finding; otherwise each is listed.
// Run by `npm test` as one check; alone: `node scripts/electronegativity.js`.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');
const electronVersion = require('electron/package.json').version;

// Its translation download (one request through `got`, 1 s timeout) throws from got's retry timer after the scan
// when there is no network; errors raised inside got are ignored, anything else fails the run.
process.on('uncaughtException', (error) => {
  if (String(error?.stack).includes(`${path.sep}node_modules${path.sep}got${path.sep}`)) return;
  console.error(error);
  process.exit(1);
});

/** What the scan reads: main (and the shell within it), the preload, the renderer's page. */
const inputs = ['src-main', 'src-preload', 'src-renderer'];
// Needs the list of Electron releases from GitHub, unreachable on the build machines; Electron is pinned in
// package.json and updated deliberately instead.
const offline = ['availablesecurityfixesglobalcheck'];

// One scan over the three folders together (its global checks look for the CSP, the navigation limits and the
// permission handler across the whole app), from a scratch copy so nothing else of the repository is read.
const scratch = mkdtempSync(path.join(tmpdir(), 'feedback-desk-electronegativity-'));
for (const input of inputs) cpSync(path.join(root, input), path.join(scratch, input), { recursive: true });
let findings = 0;
let parseErrors = 0;
{
  const result = await run(
    {
      input: scratch,
      customScan: [],
      excludeFromScan: offline,
      isRelative: true,
      isVerbose: false,
      parserPlugins: [],
      electronVersionOverride: electronVersion,
    },
    false,
  );
  for (const e of result.errors.filter((e) => !e.tolerable)) {
    parseErrors++;
    console.log(`electronegativity: ${e.file} could not be parsed: ${e.message}`);
  }
  for (const issue of result.issues) {
    findings++;
    console.log(
      `electronegativity: ${issue.id} (${issue.severity.name ?? ''}${issue.manualReview ? ', review' : ''}) at ${issue.file}:${issue.location.line}:${issue.location.column} — ${issue.shortenedURL ?? ''}`,
    );
  }
}
console.log(
  findings + parseErrors === 0
    ? `electronegativity: no findings in ${inputs.join(', ')} (Electron ${electronVersion}).`
    : `electronegativity: ${findings} finding(s), ${parseErrors} file(s) not parsed.`,
);
rmSync(scratch, { recursive: true, force: true });
process.exit(findings + parseErrors === 0 ? 0 : 1);

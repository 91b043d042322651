// The runners' JSON reports read for \`npm test\`: the counts of each step, the reasons of every skip, and the slowest
// tests of the whole run (so the run's time has names).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A command that passes or fails as a whole (typecheck, lint, build). */
export const wholeCheck = (code) =>
  code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON report; a file that failed to load has no failed test but a failed suite, so it counts as one. */
export function countVitest(root, file, code) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report at ${path.relative(root, file)}` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const brokenFiles = (report.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'),
  );
  failed += brokenFiles.length;
  const notes = brokenFiles.map(
    (suite) => `${path.relative(root, suite.name)} did not run: ${firstLine(suite.message)}`,
  );
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`vitest exited ${code} although every test passed (an unhandled error?)`);
  }
  return { passed, failed, skipped, note: notes.join('; ') };
}

/** Playwright's JSON report: expected pass, unexpected (or flaky) fail; an error outside any test counts as one failure. */
export function countPlaywright(root, file, code) {
  const report = readJson(file);
  if (!report?.stats)
    return { passed: 0, failed: 1, skipped: 0, note: `no report at ${path.relative(root, file)}` };
  // No retries (playwright.config.ts): a test that failed once, even if a --retries run passed it later, failed.
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  let failed = unexpected + flaky;
  const notes = (report.errors ?? []).map((error) => firstLine(error.message));
  if ((code !== 0 || notes.length > 0) && failed === 0) failed = 1;
  return { passed: expected, failed, skipped, note: [...notes, ...skipReasons(report)].join('; ') };
}

/** "SKIPPED <title>: <reason>" for every skipped test (its test.skip annotation), so a skip is never silent. */
function skipReasons(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'skipped') {
          const why = (t.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given';
          out.push(`SKIPPED ${spec.title}: ${why}`);
        }
    (suite.suites ?? []).forEach(walk);
  };
  (report.suites ?? []).forEach(walk);
  return out;
}

function firstLine(text) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- strips terminal colours from runner messages
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0]
      .slice(0, 200)
  );
}

/**
 * The `n` slowest tests over the reports given ({ stage, file, kind }), slowest first: vitest's assertion durations
 * and Playwright's result durations (a retried test counts each attempt; there are no retries).
 */
export function slowestTests(root, reports, n = 10) {
  const rows = [];
  for (const { stage, file, kind } of reports) {
    const report = readJson(file);
    if (!report) continue;
    if (kind === 'vitest') {
      for (const suite of report.testResults ?? [])
        for (const t of suite.assertionResults ?? [])
          rows.push({
            stage,
            seconds: (t.duration ?? 0) / 1000,
            title: `${path.relative(root, suite.name)} › ${t.fullName ?? t.title}`,
          });
    } else {
      const walk = (suite, file) => {
        const at = suite.file ?? file;
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            for (const r of t.results ?? [])
              rows.push({ stage, seconds: (r.duration ?? 0) / 1000, title: `${at} › ${spec.title}` });
        for (const child of suite.suites ?? []) walk(child, at);
      };
      for (const suite of report.suites ?? []) walk(suite, '');
    }
  }
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

/** Prints the ten slowest tests of the run, so its time has names. */
export function printSlowest(root, reports) {
  console.log('\nthe ten slowest tests:');
  for (const t of slowestTests(root, reports, 10))
    console.log(`${t.seconds.toFixed(1).padStart(7)} s  ${t.stage.padEnd(12)} ${t.title.slice(0, 150)}`);
}

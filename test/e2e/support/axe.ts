// Runs axe-core (the npm package's own build) in the page and returns its serious and critical violations.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe is evaluated through the DevTools protocol, not added as a <script>: the app's CSP (script-src 'self') must
 * stay exactly as it is during the check, and an inline script would be (rightly) refused.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  // In-page code is a string: this project's Node-side typecheck has no DOM types.
  const raw: unknown = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact || '', help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')) })))`);
  if (!Array.isArray(raw)) throw new Error('axe returned no list of violations');
  return (raw as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

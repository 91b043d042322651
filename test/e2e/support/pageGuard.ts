// Watches a page for what hostile text must never cause: a dialog, a request to anything but the app, a CSP
// violation, a console error or uncaught exception, markup built from data, a page wider than the window.
import type { Page } from '@playwright/test';

export interface PageGuard {
  /** Everything seen so far, one line each; empty when the page stayed inert. */
  problems(): string[];
  /** Elements a payload would have created (as HTML, never as text), and a page wider than its window. */
  inspect(label: string): Promise<string[]>;
}

// In-page code is a string: this project's Node-side typecheck has no DOM types.
const inspectScript = `(() => {
  const out = [];
  const bad = document.querySelectorAll('img[src="x"], img[onerror], svg[onload], [onmouseover], ' +
    'a[href^="javascript:" i], script:not([src]), body style, [data-x]');
  for (const el of bad) out.push('element from data: <' + el.tagName.toLowerCase() + '>');
  for (const a of document.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') || '';
    if (!href.startsWith('#') && !href.startsWith('/')) out.push('link out of the app: ' + href.slice(0, 80));
  }
  if (document.title.includes('PWNED')) out.push('the document title was changed by a payload');
  const root = document.scrollingElement || document.documentElement;
  if (root.scrollWidth > window.innerWidth + 1)
    out.push('page wider than the window: ' + root.scrollWidth + ' > ' + window.innerWidth);
  return out;
})()`;

/** Starts watching before the first navigation: `origin` is the only address the page may talk to. */
export async function guardPage(page: Page, origin: string): Promise<PageGuard> {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`dialog (${dialog.type()}): ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && url !== origin) seen.push(`request outside the app: ${url}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('popup', (p) => seen.push(`popup: ${p.url()}`));
  // Reported through a binding (CDP, not a script of the page), so the page's CSP cannot silence it.
  await page.exposeBinding('__reportCspViolation', (_source, line: string) => {
    seen.push(`CSP violation: ${line}`);
  });
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      window.__reportCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)')));`,
  });

  return {
    problems: () => [...seen],
    async inspect(label) {
      const found: unknown = await page.evaluate(inspectScript);
      if (!Array.isArray(found)) throw new Error('the page inspection returned no list');
      return found.map((line) => `${label}: ${String(line)}`);
    },
  };
}

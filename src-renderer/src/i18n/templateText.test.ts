// Every word a template shows comes from the messages: a guard over the .vue sources' compiled template ASTs.
import { describe, expect, it } from 'vitest';
import { parse } from 'vue/compiler-sfc';

/** The renderer's single-file components, as source text (Vite reads them; no Node built-ins here). */
const sources = import.meta.glob('../**/*.vue', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

/** Attributes whose value people read (or hear): they must come from the messages too. */
const readAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'label',
  'alt',
  'caption',
  'start-placeholder',
  'end-placeholder',
  'range-separator',
  'empty-text',
  'no-data-text',
  'no-match-text',
  'loading-text',
]);

/** The one justified exception: words that are the same in every language (file formats, the score's name). */
const sameInEveryLanguage = new Set(['PNG', 'SVG', 'PDF', 'CSV', 'XLSX', 'NPS']);

/** Words of two or more Latin letters that are not exempt. */
function words(text: string): string[] {
  return (text.match(/[A-Za-z][A-Za-z'’-]+/g) ?? []).filter((w) => !sameInEveryLanguage.has(w));
}

/** String literals in an expression that read like text, after the message keys of t(…)/$t(…) are removed. */
function literalText(expression: string): string[] {
  const withoutKeys = expression.replace(/\$?\bt\(\s*(['"`])(?:(?!\1).)*\1/g, 't(');
  const literals = withoutKeys.match(/'[^']*'|"[^"]*"|`[^`]*`/g) ?? [];
  return literals
    .map((l) => l.slice(1, -1).replace(/\$\{[^}]*\}/g, ' '))
    .filter((l) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(l) || /^[A-Z][a-z]+/.test(l.trim()))
    .filter((l) => words(l).length > 0);
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

interface AstNode {
  type: number;
  content?: unknown;
  loc: { start: { line: number } };
  props?: Array<{
    type: number;
    name: string;
    value?: { content: string };
    arg?: { content?: string };
    exp?: { content?: string };
    loc: { start: { line: number } };
  }>;
  children?: AstNode[];
}

function findings(file: string, source: string): Finding[] {
  const ast = parse(source, { filename: file }).descriptor.template?.ast as AstNode | undefined;
  const out: Finding[] = [];
  const add = (line: number, text: string) => out.push({ file, line, text });
  const visit = (node: AstNode): void => {
    if (node.type === 2 && typeof node.content === 'string' && words(node.content).length > 0)
      add(node.loc.start.line, node.content.trim());
    if (node.type === 5) {
      const inner = node.content as { content?: string } | undefined;
      for (const l of literalText(inner?.content ?? '')) add(node.loc.start.line, l);
    }
    for (const p of node.props ?? []) {
      if (p.type === 6 && readAttributes.has(p.name) && p.value && words(p.value.content).length > 0)
        add(p.loc.start.line, `${p.name}="${p.value.content}"`);
      if (p.type === 7 && p.arg?.content && readAttributes.has(p.arg.content))
        for (const l of literalText(p.exp?.content ?? '')) add(p.loc.start.line, `:${p.arg.content}: ${l}`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  if (ast) visit(ast);
  return out;
}

describe('templates', () => {
  it('finds the components (the glob works)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(40);
  });

  it('show no hard-coded English: text, labels, titles and placeholders come from t(…)', () => {
    const found = Object.entries(sources).flatMap(([file, source]) => findings(file, source));
    expect(found.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('catches what it guards against (a component with English in text, attributes and bindings)', () => {
    const bad = `<template><p title="Close it">Hello</p><b :aria-label="ok ? 'Sync now' : t('x.y')">{{ n }} items</b>
      <i :label="\`Daily \${x}\`" />{{ t('a.b') }} {{ busy ? 'Loading…' : '' }}</template>`;
    expect(findings('bad.vue', bad).map((f) => f.text)).toEqual([
      'title="Close it"',
      'Hello',
      ':aria-label: Sync now',
      'items',
      ':label: Daily  ',
      'Loading…',
    ]);
    const good = `<template><p :title="t('a.title')">{{ t('a.text', { n: fmt.count(n) }) }} PNG</p></template>`;
    expect(findings('good.vue', good)).toEqual([]);
  });
});

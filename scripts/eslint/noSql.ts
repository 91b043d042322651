// Rule `local/no-sql`: no SQL text outside the store. A string or template literal that reads as a statement or a
// piece of one (`SELECT … FROM`, `WITH RECURSIVE`, `INSERT INTO`, `UPDATE … SET`, `DELETE FROM`, `PRAGMA`) is
// reported: the SQL belongs in src-main/store as a named read (docs/SCHEMA.md "Where SQL lives").
import type { Rule } from 'eslint';
import { relative, sep } from 'node:path';

export interface NoSqlOptions {
  /** The repository root (absolute): `allow` is relative to it. */
  root: string;
  /** Files still holding SQL text, named until they move (relative paths with `/`). */
  allow?: string[];
}

/** Upper-case keywords only: English prose ("select a point from the list") never matches. */
const patterns = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /\bWITH RECURSIVE\b/,
  /\bINSERT (OR \w+ )?INTO\b/,
  /\bUPDATE\s+\w+\s+SET\b/,
  /\bDELETE FROM\b/,
  /\bPRAGMA\s+\w/,
];

/** Whether a literal's text reads as SQL. */
export const looksLikeSql = (text: string): boolean => patterns.some((p) => p.test(text));

export const noSqlRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'No SQL text outside the store: reads are named reads in src-main/store.' },
    schema: [{ type: 'object' }],
    messages: {
      sql: 'SQL text belongs in src-main/store (a named read in store/reads/, docs/SCHEMA.md "Where SQL lives"); call the read from here.',
    },
  },
  create(context) {
    const options = (context.options[0] ?? {}) as NoSqlOptions;
    const rel = relative(options.root, context.filename).split(sep).join('/');
    if (options.allow?.includes(rel)) return {};
    return {
      Literal(node) {
        if (typeof node.value === 'string' && looksLikeSql(node.value))
          context.report({ node, messageId: 'sql' });
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('?');
        if (looksLikeSql(text)) context.report({ node, messageId: 'sql' });
      },
    };
  },
};

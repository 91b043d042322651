// Calls back with every import of a module as ESLint sees it: its node and the specifier text.
import type { Rule } from 'eslint';

type ImportNode = Rule.Node & { source?: unknown };

export function onImports(visit: (node: Rule.Node, specifier: string) => void): Rule.RuleListener {
  const check = (node: ImportNode): void => {
    const source = node.source;
    if (typeof source !== 'object' || source === null || !('value' in source)) return;
    if (typeof source.value === 'string') visit(node, source.value);
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

// Rule `local/shared-alias`: code outside src-shared imports it as `#shared/…`, never by climbing `../../src-shared/`.
import type { Rule } from 'eslint';
import { dirname, relative, resolve, sep } from 'node:path';
import { onImports } from './imports.ts';

export interface SharedAliasOptions {
  root: string;
}

export const sharedAliasRule: Rule.RuleModule = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: { description: "Import src-shared through the package's subpath import `#shared/…`." },
    schema: [{ type: 'object' }],
    messages: { climb: "Import src-shared as '{{alias}}', not '{{specifier}}'." },
  },
  create(context) {
    const { root } = context.options[0] as SharedAliasOptions;
    const file = context.filename;
    const shared = `${root}${sep}src-shared${sep}`;
    if (file.startsWith(shared)) return {};
    return onImports((node, specifier) => {
      if (!specifier.startsWith('../') && !specifier.startsWith('./')) return;
      const target = relative(root, resolve(dirname(file), specifier));
      if (!target.startsWith(`src-shared${sep}`)) return;
      const alias = `#shared/${target.slice('src-shared/'.length).split(sep).join('/')}`;
      context.report({
        node,
        messageId: 'climb',
        data: { alias, specifier },
        fix(fixer) {
          const source = 'source' in node ? node.source : undefined;
          if (typeof source !== 'object' || source === null || !('range' in source) || !source.range)
            return null;
          const quote = context.sourceCode.getText(source as Rule.Node).charAt(0);
          return fixer.replaceText(source as Rule.Node, `${quote}${alias}${quote}`);
        },
      });
    });
  },
};

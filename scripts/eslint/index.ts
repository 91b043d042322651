// The project's own ESLint rules (plugin `local`): layers of src-main, import cycles, src-shared through `#shared/`,
// no SQL text outside the store.
import type { ESLint } from 'eslint';
import { layersRule } from './layers.ts';
import { noCycleRule } from './noCycle.ts';
import { noSqlRule } from './noSql.ts';
import { sharedAliasRule } from './sharedAlias.ts';

export const localPlugin: ESLint.Plugin = {
  meta: { name: 'local' },
  rules: {
    layers: layersRule,
    'no-cycle': noCycleRule,
    'shared-alias': sharedAliasRule,
    'no-sql': noSqlRule,
  },
};

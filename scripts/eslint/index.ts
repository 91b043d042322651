// The project's own ESLint rules (plugin `local`): layers of src-main, import cycles, src-shared through `#shared/`.
import type { ESLint } from 'eslint';
import { layersRule } from './layers.ts';
import { noCycleRule } from './noCycle.ts';
import { sharedAliasRule } from './sharedAlias.ts';

export const localPlugin: ESLint.Plugin = {
  meta: { name: 'local' },
  rules: { layers: layersRule, 'no-cycle': noCycleRule, 'shared-alias': sharedAliasRule },
};

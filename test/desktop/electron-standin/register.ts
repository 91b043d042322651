// Loaded with `node --import` before the built main (test/e2e/support/desktopHarness.ts): `import … from 'electron'`,
// in the bundle and anywhere else in that process, resolves to this folder's stand-in instead of the npm package.
import { registerHooks } from 'node:module';

const standIn = new URL('./electron.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standIn, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

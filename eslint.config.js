// Lint: TypeScript + Vue, and import rules that keep each part where it runs.
import js from '@eslint/js';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { localPlugin } from './scripts/eslint/index.ts';

const root = import.meta.dirname;

/**
 * The layers of src-main: each folder (or top-level file) and what it may import besides itself, `core/` and
 * src-shared. The README's architecture map draws this list; change both together. `emulator` is the workspace
 * package packages/emulator (imported as `#emulator/…`); only the files `emulatorOnlyFrom` names, and tests, may
 * import it.
 */
const srcMainLayers = {
  core: [],
  emulator: [],
  api: [],
  credentials: ['api'],
  store: ['threadModule.ts'],
  analytics: ['store'],
  sync: ['api', 'store', 'analytics', 'threadModule.ts'],
  export: ['store', 'analytics', 'threadModule.ts'],
  annotations: [],
  profiles: ['api', 'credentials', 'store', 'sync'],
  app: [
    'api',
    'credentials',
    'store',
    'sync',
    'analytics',
    'export',
    'profiles',
    'emulator',
    'annotations',
    'paths.ts',
    'threadModule.ts',
  ],
  handlers: ['app', 'api', 'credentials', 'store', 'sync', 'analytics', 'export', 'profiles', 'paths.ts'],
  web: [],
  ipc: [],
  shell: ['api', 'credentials', 'export', 'web'],
  'services.ts': ['handlers', 'app', 'store', 'profiles', 'credentials', 'export', 'paths.ts'],
  cli: [
    ...['app', 'api', 'credentials', 'store', 'sync', 'analytics', 'export', 'profiles', 'emulator'],
    ...['web', 'services.ts', 'paths.ts'],
  ],
  'index.ts': ['shell', 'ipc', 'services.ts', 'credentials', 'app', 'paths.ts'],
  'paths.ts': [],
  'threadModule.ts': [],
};

/** The app starts the emulator only for the demo (a thread of its own) and the CLI's `emulator` command. */
const emulatorOnlyFrom = ['app/demo', 'app/emulatorThread.ts', 'cli/commands/emulator.ts'];

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'http',
  'https',
  'child_process',
  'crypto',
  'url',
  'zlib',
  'net',
  'stream',
];
const electronOnlyInShell = {
  paths: [
    {
      name: 'electron',
      message: 'Only the app shell (src-main/index.ts, shell/, ipc/) may import electron.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
    rules: {
      'vue/block-lang': ['error', { script: { lang: 'ts' } }],
      'vue/no-v-html': 'error',
      // Layout is Prettier's job; these stylistic rules fight it.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The project's own rules (scripts/eslint): layers, import cycles, src-shared through `#shared/…`.
  { plugins: { local: localPlugin } },
  {
    files: ['**/*.{ts,vue,js,mjs}'],
    ignores: ['src-shared/**'],
    rules: { 'local/shared-alias': ['error', { root }] },
  },
  {
    files: ['src-main/**/*.ts'],
    rules: {
      'local/layers': [
        'error',
        {
          root,
          folder: 'src-main',
          layers: srcMainLayers,
          everywhere: ['core'],
          // Tests may start the emulator (a real service on loopback); a store test checks its rollups against
          // the analytics that read them; handler tests start the composed services and the web bridge.
          tests: { '*': ['emulator'], store: ['analytics'], handlers: ['services.ts', 'web'] },
          packages: { emulator: 'packages/emulator/src' },
          onlyFrom: { emulator: emulatorOnlyFrom },
        },
      ],
    },
  },
  {
    files: [
      'src-main/**/*.ts',
      'src-shared/**/*.ts',
      'src-preload/**/*.ts',
      'src-renderer/**/*.{ts,vue}',
      'packages/emulator/src/**/*.ts',
    ],
    rules: {
      'local/no-cycle': [
        'error',
        { root, folders: ['src-main', 'src-shared', 'src-preload', 'src-renderer', 'packages/emulator/src'] },
      ],
    },
  },
  {
    // SQL lives in src-main/store (docs/SCHEMA.md "Where SQL lives"): analytics composes questions and folds rows, the
    // sync, the application services and the adapters call named reads and repositories. The one exception is the
    // sync lock, a small file of its own beside the store (not the store: syncLock.ts owns its one table).
    files: ['src-main/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.bench.ts',
      '**/testing/**',
      'src-main/store/**',
      'src-main/sync/syncLock.ts',
    ],
    rules: { 'local/no-sql': ['error', { root }] },
  },
  {
    // Short procedures (CONTRIBUTING "Short procedures"): errors since no function is left over either line; a
    // function that must stay long says why: `// eslint-disable-next-line max-lines-per-function -- <why>`.
    files: ['src-main/**/*.ts', 'packages/emulator/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.bench.ts', '**/testing/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
      complexity: ['error', { max: 20 }],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/shell/**', 'src-main/ipc/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInShell] },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src-shared runs on both sides: no electron.' }],
          patterns: [{ group: nodeBuiltins, message: 'src-shared runs on both sides: no Node built-ins.' }],
        },
      ],
    },
  },
  {
    // The emulator is a package of its own: it imports Node and itself, nothing of the app.
    files: ['packages/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The emulator is plain Node: no electron.' }],
          patterns: [
            {
              group: ['#*', '**/src-main/**', '**/src-shared/**', '**/src-renderer/**', '**/src-preload/**'],
              message: 'The emulator package imports nothing of the app (it runs on its own).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to main through src/client.ts only.' }],
          patterns: [
            { group: nodeBuiltins, message: 'The renderer has no Node built-ins.' },
            { group: ['**/src-main/**'], message: 'The renderer never imports from src-main.' },
            { group: ['#emulator/*', '**/packages/**'], message: 'The renderer never imports the emulator.' },
          ],
        },
      ],
    },
  },
);

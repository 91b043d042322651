// Lint: TypeScript + Vue, and import rules that keep each part where it runs.
import js from '@eslint/js';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
          ],
        },
      ],
    },
  },
);

// The local lint rules on a small tree of real files: layers, cycles (type-only imports too), the `#shared/` alias.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { localPlugin } from './index.ts';

const root = mkdtempSync(join(tmpdir(), 'fd-lint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

write(
  'package.json',
  JSON.stringify({
    name: 'tree',
    imports: { '#shared/*': './src-shared/*', '#emulator/*': './packages/emulator/src/*' },
  }),
);
write('src-shared/contract.ts', 'export type Id = number;\n');
write('src-main/core/time.ts', 'export const day = 1;\n');
write('src-main/api/client.ts', 'export const get = 1;\n');
write('packages/emulator/src/index.ts', 'export const start = 1;\n');
// a → b → a, the way back type-only
write('src-main/store/a.ts', "import { b } from './b.ts';\nexport const a = b;\nexport type A = number;\n");
write('src-main/store/b.ts', "import type { A } from './a.ts';\nexport const b: A = 1;\n");

const layers = {
  root,
  folder: 'src-main',
  layers: { core: [], api: [], emulator: [], store: [], analytics: ['store'], app: ['emulator'] },
  everywhere: ['core'],
  tests: { '*': ['emulator'] },
  packages: { emulator: 'packages/emulator/src' },
  onlyFrom: { emulator: ['app/demo'] },
};

function lint(path: string, text: string, fix = false): { messages: Linter.LintMessage[]; output: string } {
  const linter = new Linter({ cwd: root });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      plugins: { local: localPlugin },
      rules: {
        'local/layers': ['error', layers],
        'local/no-cycle': ['error', { root, folders: ['src-main', 'src-shared'] }],
        'local/shared-alias': ['error', { root }],
      },
    },
  ];
  const filename = join(root, path);
  if (!fix) return { messages: linter.verify(text, config, filename), output: text };
  const r = linter.verifyAndFix(text, config, filename);
  return { messages: r.messages, output: r.output };
}

const rules = (m: Linter.LintMessage[]): (string | null)[] => m.map((x) => x.ruleId);

describe('local/layers', () => {
  it('lets a layer import itself, its list, core and src-shared', () => {
    const text = [
      "import { a } from './a.ts';",
      "import { day } from '../core/time.ts';",
      "import type { Id } from '#shared/contract.ts';",
      'export const x: Id = a + day;',
    ].join('\n');
    expect(lint('src-main/store/c.ts', text).messages).toEqual([]);
    expect(
      lint('src-main/analytics/q.ts', "import { b } from '../store/b.ts';\nexport const q = b;").messages,
    ).toEqual([]);
  });

  it('names the layer, the import and what the layer may import', () => {
    const { messages } = lint(
      'src-main/store/c.ts',
      "import { get } from '../api/client.ts';\nexport const c = get;",
    );
    expect(rules(messages)).toEqual(['local/layers']);
    expect(messages[0]?.message).toBe(
      "'store' may not import 'api' (../api/client.ts); 'store' may import: core.",
    );
  });

  it('counts type-only imports, re-exports and dynamic imports', () => {
    const text = [
      "import type { X } from '../api/client.ts';",
      "export { get } from '../api/client.ts';",
      "export const later = () => import('../api/client.ts');",
      'export type Y = X;',
    ].join('\n');
    expect(rules(lint('src-main/store/c.ts', text).messages)).toEqual([
      'local/layers',
      'local/layers',
      'local/layers',
    ]);
  });

  it('lets tests start the emulator, and only tests', () => {
    const text = "import { start } from '#emulator/index.ts';\nexport const s = start;";
    expect(lint('src-main/store/c.test.ts', text).messages).toEqual([]);
    expect(lint('src-main/store/testing/world.ts', text).messages).toEqual([]);
    expect(rules(lint('src-main/store/c.ts', text).messages)).toEqual(['local/layers']);
  });

  it('fails a folder the allow-list does not know', () => {
    const { messages } = lint('src-main/newthing/x.ts', 'export const x = 1;');
    expect(messages[0]?.message).toContain("'src-main/newthing' has no entry in the layer allow-list");
  });
});

describe('local/no-cycle', () => {
  it('reports both imports of a cycle whose way back is type-only', () => {
    const a = lint(
      'src-main/store/a.ts',
      "import { b } from './b.ts';\nexport const a = b;\nexport type A = number;",
    );
    expect(rules(a.messages)).toEqual(['local/no-cycle']);
    expect(a.messages[0]?.message).toContain(
      'src-main/store/a.ts → src-main/store/b.ts → src-main/store/a.ts',
    );
    const b = lint('src-main/store/b.ts', "import type { A } from './a.ts';\nexport const b: A = 1;");
    expect(rules(b.messages)).toEqual(['local/no-cycle']);
  });

  it("reads the linted file's imports from its current text", () => {
    // b.ts without its import of a.ts closes no cycle, whatever the file on disk says.
    expect(lint('src-main/store/b.ts', 'export const b = 1;').messages).toEqual([]);
    expect(lint('src-main/core/time.ts', 'export const day = 1;').messages).toEqual([]);
  });
});

describe('local/shared-alias', () => {
  it('turns a climbing import of src-shared into #shared/…', () => {
    const text = "import type { Id } from '../../src-shared/contract.ts';\nexport const x: Id = 1;\n";
    const { messages } = lint('src-main/store/c.ts', text);
    expect(messages[0]?.message).toBe(
      "Import src-shared as '#shared/contract.ts', not '../../src-shared/contract.ts'.",
    );
    expect(lint('src-main/store/c.ts', text, true).output).toBe(
      "import type { Id } from '#shared/contract.ts';\nexport const x: Id = 1;\n",
    );
  });

  it('leaves src-shared its own relative imports', () => {
    const text = "import type { Id } from './contract.ts';\nexport const y: Id = 1;\n";
    expect(lint('src-shared/other.ts', text).messages).toEqual([]);
  });
});

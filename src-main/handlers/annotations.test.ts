// The annotations domain through the real services (what the app and web mode call): add, list with the estimate,
// a refused argument and a bad note said in one sentence, export and import without doubling.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExportStore } from '../export/testing/exportStore.ts';
import { createServices, type Services } from '../services.ts';

let dir: string;
let services: Services;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-annotation-handlers-'));
  const store = join(dir, 'store.sqlite');
  writeExportStore(store);
  services = createServices({ storePath: store });
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('annotations handlers', () => {
  it('adds a note and lists it with its estimate; refuses bad input in one sentence', async () => {
    const h = services.handlers;
    const added = await h['annotations:add']({ experiencePointId: 2, from: '2026-10-02', text: 'New menu' });
    expect(added.ok).toBe(true);
    const list = await h['annotations:list']({ experiencePointId: 2 });
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.annotations.map((a) => [a.text, a.from, a.to])).toEqual([
      ['New menu', '2026-10-02', '2026-10-02'],
    ]);
    // Deutschland (2) on 4 faces, 28 days each side: before 10-02, Thursday 10-01 9h and 10h; from 10-02 (to
    // 10-29), Friday 10-02 10h and 11h (10-05 is misuse, 10-31 is past the window): no weekday × hour on both sides.
    expect(list.value.annotations[0]?.effect).toMatchObject({
      change: null,
      pressesBefore: 2,
      pressesAfter: 2,
    });
    const bad = await h['annotations:add']({
      experiencePointId: 2,
      from: '2026-10-05',
      to: '2026-10-01',
      text: 'x',
    });
    expect(bad).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'the note.to is before its .from; nothing was added.' },
    });
    const odd = await h['annotations:add']({ from: 'soon' } as never);
    expect(odd.ok ? '' : odd.error.message).toBe(
      'The note was not understood: experiencePointId must be an id or null.',
    );
  });

  it('exports and imports without doubling', async () => {
    const h = services.handlers;
    const exported = await h['annotations:export']({});
    if (!exported.ok) throw new Error(exported.error.message);
    const again = await h['annotations:import']({ json: exported.value.json });
    expect(again).toEqual({ ok: true, value: { added: 0, skipped: 1 } });
  });

  it('changes a note (id and createdAt kept), refuses a bad change and an unknown id, then removes it', async () => {
    const h = services.handlers;
    const added = await h['annotations:add']({ experiencePointId: null, from: '2026-10-03', text: 'Fair' });
    if (!added.ok) throw new Error(added.error.message);
    const { id, createdAt } = added.value;
    const changed = await h['annotations:update']({
      id,
      experiencePointId: 2,
      from: '2026-10-03',
      to: '2026-10-04',
      text: '  Harbour fair ',
    });
    expect(changed).toEqual({
      ok: true,
      value: {
        id,
        experiencePointId: 2,
        from: '2026-10-03',
        to: '2026-10-04',
        text: 'Harbour fair',
        createdAt,
      },
    });
    const bad = await h['annotations:update']({ id, experiencePointId: 2, from: '2026-10-03', text: '  ' });
    expect(bad).toEqual({
      ok: false,
      error: {
        code: 'bad-request',
        message: 'the note.text must be 1 to 2000 characters; nothing was changed.',
      },
    });
    const unknown = await h['annotations:update']({
      id: 'nope',
      experiencePointId: null,
      from: '2026-10-03',
      text: 'x',
    });
    expect(unknown.ok ? '' : unknown.error.message).toBe(
      "There is no annotation with the id 'nope'; nothing was changed.",
    );
    const listed = await h['annotations:list']({});
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.annotations.find((a) => a.id === id)?.text).toBe('Harbour fair');
    expect((await h['annotations:remove']({ id })).ok).toBe(true);
  });
});

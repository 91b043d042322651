// The note form's check: the first problem in one sentence (its message key), or the note the contract receives.
import { describe, expect, it } from 'vitest';
import { checkNoteForm, type NoteForm } from './noteForm.ts';

const form = (over: Partial<NoteForm>): NoteForm => ({
  text: 'Road works',
  range: false,
  from: '2026-10-10',
  to: '2026-10-10',
  node: '',
  ...over,
});

describe('checkNoteForm', () => {
  it('a day on the whole tree, a range on a node (the text trimmed)', () => {
    expect(checkNoteForm(form({ text: '  Road works ' }))).toEqual({
      ok: true,
      note: { text: 'Road works', from: '2026-10-10', experiencePointId: null },
    });
    expect(checkNoteForm(form({ range: true, to: '2026-10-20', node: '12' }))).toEqual({
      ok: true,
      note: { text: 'Road works', from: '2026-10-10', to: '2026-10-20', experiencePointId: 12 },
    });
  });

  it('names the first problem and its field', () => {
    expect(checkNoteForm(form({ text: ' ' }))).toMatchObject({
      field: 'text',
      message: 'annotations.form.noText',
    });
    expect(checkNoteForm(form({ text: 'x'.repeat(2001) }))).toMatchObject({
      field: 'text',
      values: { count: 2001, limit: 2000 },
    });
    expect(checkNoteForm(form({ from: '2026-02-30' }))).toMatchObject({ field: 'from' });
    expect(checkNoteForm(form({ range: true, to: '' }))).toMatchObject({
      field: 'to',
      message: 'annotations.form.noLastDay',
    });
    expect(checkNoteForm(form({ range: true, to: '2026-10-09' }))).toMatchObject({
      field: 'to',
      message: 'annotations.form.lastBeforeFirst',
      values: { from: '2026-10-10' },
    });
  });
});

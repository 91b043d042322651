// The note form's fields and their check, before anything is sent: one plain sentence (a message key and its values)
// for the first problem, or the contract's arguments of the note.
import type { AnnotationAddArgs } from '#shared/contract.ts';

export interface NoteForm {
  text: string;
  /** One day, or a range of days (both included). */
  range: boolean;
  from: string;
  to: string;
  /** The node's id as the select gives it: '' for the whole tree. */
  node: string;
}

export const noteTextLimit = 2000;

export type NoteCheck =
  | { ok: true; note: AnnotationAddArgs }
  | { ok: false; field: 'text' | 'from' | 'to'; message: string; values?: Record<string, string | number> };

const isDay = (v: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The first problem of the form (as a message key of `annotations.form.*`), or the note it describes. */
export function checkNoteForm(form: NoteForm): NoteCheck {
  const text = form.text.trim();
  if (text === '') return { ok: false, field: 'text', message: 'annotations.form.noText' };
  if (text.length > noteTextLimit)
    return {
      ok: false,
      field: 'text',
      message: 'annotations.form.longText',
      values: { count: text.length, limit: noteTextLimit },
    };
  if (!isDay(form.from)) return { ok: false, field: 'from', message: 'annotations.form.noDay' };
  if (form.range) {
    if (!isDay(form.to)) return { ok: false, field: 'to', message: 'annotations.form.noLastDay' };
    if (form.to < form.from)
      return {
        ok: false,
        field: 'to',
        message: 'annotations.form.lastBeforeFirst',
        values: { from: form.from },
      };
  }
  const node = form.node === '' ? null : Number(form.node);
  return {
    ok: true,
    note: {
      text,
      from: form.from,
      ...(form.range && form.to !== form.from ? { to: form.to } : {}),
      experiencePointId: node !== null && Number.isSafeInteger(node) ? node : null,
    },
  };
}

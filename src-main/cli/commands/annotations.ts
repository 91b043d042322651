// `feedback-desk annotations`: the analyst's notes on a day or range and a node, kept beside the store — list them
// with each one's before/after estimate, add, remove, export and import as JSON. An adapter over app/annotationService.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  addAnnotation,
  annotationsFor,
  exportAnnotations,
  importAnnotations,
  listAnnotations,
  removeAnnotation,
  updateAnnotation,
  type AnnotatedNote,
} from '../../app/annotationService.ts';
import { readFile } from '../../app/storeService.ts';
import { defaultStorePath } from '../../paths.ts';
import { UsageError, type OptionValues } from '../args.ts';
import { optString, type CliCommand, type CliIO } from '../command.ts';
import { dateOption } from './sync.ts';

const one = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : n.toFixed(1));

/** One note as a line: id, days, node, text; then its estimate (before → after, the change and its interval). */
function noteLines(a: AnnotatedNote): string {
  const days = a.from === a.to ? a.from : `${a.from} to ${a.to}`;
  const where = a.experiencePointId === null ? 'the whole tree' : `point ${a.experiencePointId}`;
  const e = a.effect;
  const effect = !e?.change
    ? '  no presses on both sides at the same weekday and hour: no estimate'
    : `  ${e.score === 'nps' ? 'NPS' : 'Happy Index'} ${one(e.beforeScore?.value)} → ${one(e.afterScore?.value)}: ` +
      `change ${e.change.value >= 0 ? '+' : ''}${one(e.change.value)} (95% ${one(e.change.low)} to ${one(e.change.high)}), ` +
      `matched on ${e.matchedCells} weekday × hour cells; ${e.pressesBefore} presses before (${e.before.from} to ` +
      `${e.before.to}, exclusive), ${e.pressesAfter} after`;
  return `${a.id}  ${days}  ${where}  ${JSON.stringify(a.text)}\n${effect}\n`;
}

/** `--edit ID`: the note's text (--text), days (--on, --until) and node changed; what is not given stays. */
function editNote(
  db: string,
  id: string,
  options: OptionValues,
  point: string | undefined,
  io: CliIO,
): number {
  const old = annotationsFor(db).find((a) => a.id === id);
  const on = dateOption(options, 'on');
  const from = on ?? old?.from ?? '';
  const to = dateOption(options, 'until') ?? (on !== undefined ? from : old?.to);
  const changed = updateAnnotation(db, id, {
    text: optString(options, 'text') ?? old?.text ?? '',
    from,
    ...(to !== undefined ? { to } : {}),
    experiencePointId: point === undefined ? (old?.experiencePointId ?? null) : Number(point),
  });
  const days = changed.from === changed.to ? changed.from : `${changed.from} to ${changed.to}`;
  io.stdout.write(`Changed ${changed.id} (${days}).\n`);
  return 0;
}

/** `--import FILE`: the notes of an export added, those already there skipped. */
function importNotes(db: string, file: string, io: CliIO): number {
  let json: string;
  try {
    json = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`option '--import': cannot read the file '${file}'`);
  }
  const r = importAnnotations(db, json);
  io.stdout.write(`Imported ${r.added} notes (${r.skipped} already there).\n`);
  return 0;
}

export const annotations: CliCommand = {
  name: 'annotations',
  summary:
    'notes on a day or range and a node, kept beside the store: list (with before/after), add, edit, remove, export, import',
  details:
    'Without an action, lists the notes with the score before and after each (the four weeks before, reweighted to ' +
    'the weekday × hour mix after, with a 95% interval). The notes are in <store>.annotations.json, which a rebuild ' +
    'or a new sync never touches.',
  options: [
    {
      name: 'db',
      type: 'string',
      valueName: 'PATH',
      description: `the local store the notes sit beside (default ${defaultStorePath()})`,
    },
    { name: 'add', type: 'string', valueName: 'TEXT', description: 'add a note with this text (needs --on)' },
    { name: 'on', type: 'string', valueName: 'yyyy-MM-dd', description: 'the note’s (first) day' },
    { name: 'until', type: 'string', valueName: 'yyyy-MM-dd', description: 'the note’s last day (a range)' },
    {
      name: 'experience-point',
      type: 'string',
      valueName: 'ID',
      description: 'the node the note is about (default: the whole tree)',
    },
    {
      name: 'edit',
      type: 'string',
      valueName: 'ID',
      description: 'change the note with this id: its text (--text), days (--on, --until) and node',
    },
    { name: 'text', type: 'string', valueName: 'TEXT', description: 'the changed note’s text (with --edit)' },
    { name: 'remove', type: 'string', valueName: 'ID', description: 'remove the note with this id' },
    { name: 'export', type: 'string', valueName: 'FILE', description: 'write every note to a JSON file' },
    { name: 'import', type: 'string', valueName: 'FILE', description: 'add the notes of a JSON export' },
  ],
  async run(options, io) {
    const db = optString(options, 'db') ?? defaultStorePath('default', io.env);
    const actions = ['add', 'edit', 'remove', 'export', 'import'].filter(
      (a) => optString(options, a) !== undefined,
    );
    if (actions.length > 1)
      throw new UsageError(
        `give one action at a time (${actions.map((a) => `--${a}`).join(', ')} were given)`,
      );
    const text = optString(options, 'add');
    const point = optString(options, 'experience-point');
    if (point !== undefined && !/^\d+$/.test(point))
      throw new UsageError(`option '--experience-point' takes one id like 12, not '${point}'`);
    if (text !== undefined) {
      const from = dateOption(options, 'on');
      if (from === undefined) throw new UsageError("option '--add' needs '--on yyyy-MM-dd' (the note's day)");
      const to = dateOption(options, 'until');
      const added = addAnnotation(db, {
        text,
        from,
        ...(to !== undefined ? { to } : {}),
        experiencePointId: point === undefined ? null : Number(point),
      });
      io.stdout.write(
        `Added ${added.id} (${added.from === added.to ? added.from : `${added.from} to ${added.to}`}).\n`,
      );
      return 0;
    }
    const editId = optString(options, 'edit');
    if (editId !== undefined) return editNote(db, editId, options, point, io);
    const remove = optString(options, 'remove');
    if (remove !== undefined) {
      removeAnnotation(db, remove);
      io.stdout.write(`Removed ${remove}.\n`);
      return 0;
    }
    const out = optString(options, 'export');
    if (out !== undefined) {
      writeFileSync(out, exportAnnotations(db));
      io.stdout.write(`Wrote ${out}.\n`);
      return 0;
    }
    const from = optString(options, 'import');
    if (from !== undefined) return importNotes(db, from, io);
    const list = readFile(db, (store) =>
      listAnnotations(store, point === undefined ? {} : { experiencePointId: Number(point) }),
    );
    if (list.warning) io.stderr.write(`${list.warning}\n`);
    if (list.annotations.length === 0)
      io.stdout.write('No annotations yet (add one with --add TEXT --on DAY).\n');
    for (const a of list.annotations) io.stdout.write(noteLines(a));
    return 0;
  },
};

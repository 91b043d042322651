// The annotations file beside the store: a round trip, atomic writes, a damaged file set aside whole with one
// sentence, and a newer version's file left untouched.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationsPath, readAnnotations, writeAnnotations, type Annotation } from './annotationFile.ts';

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-annotations-'));
  store = join(dir, 'acme.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const note: Annotation = {
  id: 'a1',
  experiencePointId: 21,
  from: '2026-10-05',
  to: '2026-10-05',
  text: '<b>New menu</b> =SUM(A1)',
  createdAt: '2026-10-05T08:00:00.000Z',
};
const now = () => new Date('2026-11-01T10:00:00.000Z');

describe('annotations file', () => {
  it('is none before the first note, and gives back what was written, text as it was', () => {
    expect(readAnnotations(store)).toEqual({ annotations: [] });
    writeAnnotations(store, [note]);
    expect(readAnnotations(store)).toEqual({ annotations: [note] });
    expect(JSON.parse(readFileSync(annotationsPath(store), 'utf8'))).toMatchObject({ version: 1 });
    expect(readdirSync(dir)).toEqual(['acme.sqlite.annotations.json']); // no temporary file left
  });

  it('sets a damaged file aside whole, says so in one sentence, and starts empty', () => {
    const path = annotationsPath(store);
    writeFileSync(path, '{"version": 1, "annotations": [{"id": "a1"');
    const read = readAnnotations(store, now);
    expect(read.annotations).toEqual([]);
    const aside = `${path}.damaged-2026-11-01T10-00-00-000Z`;
    expect(read.warning).toBe(
      `The annotations file ${path} could not be read (it is not JSON); it was set aside as ${aside}, nothing deleted, and a new, empty one is used. Open the old file in a text editor to recover the notes, or import a saved export ('feedback-desk annotations import').`,
    );
    expect(readFileSync(aside, 'utf8')).toBe('{"version": 1, "annotations": [{"id": "a1"');
    expect(readAnnotations(store)).toEqual({ annotations: [] });
  });

  it('sets aside a file whose entries are not notes, naming the entry', () => {
    writeFileSync(
      annotationsPath(store),
      JSON.stringify({ version: 1, annotations: [{ ...note, to: '2026-10-01' }] }),
    );
    expect(readAnnotations(store, now).warning).toContain('(annotations[0].to is before its .from)');
  });

  it("refuses a newer version's file and leaves it untouched", () => {
    const text = JSON.stringify({ version: 2, annotations: [{ whatever: true }] });
    writeFileSync(annotationsPath(store), text);
    expect(() => readAnnotations(store)).toThrow(/written by a newer version of Feedback Desk \(format 2\)/);
    expect(readFileSync(annotationsPath(store), 'utf8')).toBe(text);
  });
});

// Comment search: accents and case folded, untrusted characters returned as they are, subtree and date filters,
// and a clear message for a query FTS5 cannot read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFeedbackV2 } from '../core/records/v2Feedback.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { CommentSearchError, formatLocalTimestamp, literalQuery, searchComments } from './commentSearch.ts';

let store: Store;
let n = 0;
const text = (t: string, over: Partial<TextFeedbackV2> = {}): TextFeedbackV2 => ({
  feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  smileyId: 1,
  localTime: '2024-05-01T10:00:00.000+02:00',
  surveyId: 1,
  experiencePointId: 3,
  buttonIndex: 0,
  misuse: false,
  position: 3,
  ui: 'digital',
  text: t,
  maskedText: null,
  rephrasedText: null,
  textInEnglish: null,
  spam: false,
  categories: null,
  themes: null,
  ...over,
});

beforeEach(() => {
  store = openStore(':memory:');
  store.tree.replace([
    { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' },
    { experiencePointId: 3, name: 'a', parent: 1, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 4, name: 'b', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  store.v2Resources.feedbackLists.writePage('text', [
    text('Die Kasse war ewig besetzt, sehr ärgerlich!', { textInEnglish: 'The till was busy forever' }),
    text('Waited 20 min at the till & nobody cared.', { experiencePointId: 4 }),
    text('Call me back, my order <#4411> never arrived 🤢', { localTime: '2024-06-01T09:00:00.000-04:00' }),
    text('<script>alert("hi")</script>', { spam: true }),
  ]);
});
afterEach(() => store.close());

const texts = (rows: { text: string }[]): string[] => rows.map((r) => r.text).sort();

describe('searchComments', () => {
  it('finds words regardless of accents and case, in the text or its English version', () => {
    expect(texts(searchComments(store.db, { query: 'ÄRGERLICH' }))).toEqual([
      'Die Kasse war ewig besetzt, sehr ärgerlich!',
    ]);
    expect(searchComments(store.db, { query: 'argerlich' })).toHaveLength(1);
    expect(texts(searchComments(store.db, { query: 'till' }))).toEqual([
      'Die Kasse war ewig besetzt, sehr ärgerlich!',
      'Waited 20 min at the till & nobody cared.',
    ]);
  });

  it('returns untrusted characters untouched, with the local time as the service wrote it', () => {
    const [row] = searchComments(store.db, { query: '"<#4411>"' });
    expect(row?.text).toBe('Call me back, my order <#4411> never arrived 🤢');
    expect(row?.localTime).toBe('2024-06-01T09:00:00.000-04:00');
    expect(row?.feedbackId).toMatch(/^00000000-0000-4000-8000-\d{12}$/);
    expect(texts(searchComments(store.db, { query: 'script', includeSpam: false }))).toEqual([]);
    expect(searchComments(store.db, { query: 'script' })[0]?.spam).toBe(true);
  });

  it('filters by subtree and local dates', () => {
    expect(searchComments(store.db, { query: 'till', experiencePointIds: [4] })).toHaveLength(1);
    expect(searchComments(store.db, { query: 'till OR arrived', experiencePointIds: [1] })).toHaveLength(3);
    expect(searchComments(store.db, { query: 'till OR arrived', from: '2024-05-02' })).toHaveLength(1);
    expect(searchComments(store.db, { query: 'till OR arrived', to: '2024-05-02' })).toHaveLength(2);
  });

  it('turns a malformed query into a clear message, and has a literal mode that never fails', () => {
    for (const bad of ['"unbalanced', 'till AND', '<#4411>', 'nosuchcolumn: x']) {
      expect(() => searchComments(store.db, { query: bad })).toThrow(CommentSearchError);
      expect(() => searchComments(store.db, { query: bad })).toThrow(/cannot be read .*Use words/);
    }
    expect(() => searchComments(store.db, { query: '   ' })).toThrow('Type a word');
    expect(() => searchComments(store.db, { query: 'x', from: '2024-02-30' })).toThrow(/not a date/);
    expect(texts(searchComments(store.db, { query: '<#4411> "never', syntax: 'words' }))).toHaveLength(1);
    expect(literalQuery('a "b" c')).toBe('"a" """b""" "c"');
  });

  it('formats local timestamps with their own offset', () => {
    expect(formatLocalTimestamp(Date.UTC(2024, 9, 27, 2, 30), 330)).toBe('2024-10-27T02:30:00.000+05:30');
    expect(formatLocalTimestamp(0, -210)).toBe('1970-01-01T00:00:00.000-03:30');
  });
});

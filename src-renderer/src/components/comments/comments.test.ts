// Comment components in happy-dom: matches as <mark> text (never HTML), a virtual list of 100,000 comments with
// a bounded DOM, keyboard moves, and asking for the pages of the rows in view.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../i18n/index.ts';
import CommentList from './CommentList.vue';
import HighlightedText from './HighlightedText.vue';
import { segmentsFromMatches } from './segments.ts';
import type { CommentRowData } from './types.ts';

const hostile = '<img src=x onerror="window.pwned=1"> {{ 7*7 }}';

function comments(n: number): CommentRowData[] {
  return Array.from({ length: n }, (_, i) => ({
    feedbackId: `f${i}`,
    experiencePointName: i === 0 ? hostile : `Store ${i}`,
    localTime: '2026-03-01T14:05:00.000+01:00',
    buttonIndex: i % 4,
    spam: false,
    misuse: false,
    snippet: [{ text: i === 0 ? hostile : `comment ${i}`, match: false }],
    categories: [],
    themes: [],
  }));
}

describe('segmentsFromMatches', () => {
  it('cuts at the ranges, merging overlaps and clipping bad ones, never losing text', () => {
    expect(segmentsFromMatches('abcdef', [[1, 3]])).toEqual([
      { text: 'a', match: false },
      { text: 'bc', match: true },
      { text: 'def', match: false },
    ]);
    const messy = segmentsFromMatches('abcdef', [
      [4, 99],
      [0, 2],
      [1, 3],
      [5, 2],
    ]);
    expect(messy.map((s) => s.text).join('')).toBe('abcdef');
    expect(messy.filter((s) => s.match).map((s) => s.text)).toEqual(['ab', 'c', 'ef']);
    expect(segmentsFromMatches('', [])).toEqual([{ text: '', match: false }]);
  });
});

describe('HighlightedText', () => {
  it('marks matches as text nodes; markup in the text stays text', () => {
    const w = mount(HighlightedText, {
      props: {
        segments: segmentsFromMatches(`${hostile} Kasse`, [[hostile.length + 1, hostile.length + 6]]),
      },
    });
    expect(w.find('img').exists()).toBe(false);
    expect(w.findAll('mark').map((m) => m.text())).toEqual(['Kasse']);
    expect(w.text()).toContain(hostile);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });
});

describe('CommentList', () => {
  it('renders a bounded window of 100,000 comments and follows the keyboard to the end', async () => {
    const items = comments(100_000);
    const w = mount(CommentList, {
      props: { itemAt: (i: number) => items[i], total: 100_000, loading: false, label: 'Comments' },
      attachTo: document.body,
      global: { plugins: [createAppI18n()] },
    });
    const list = w.get('[role="listbox"]');
    expect(list.attributes('aria-label')).toBe('Comments');
    // happy-dom has no layout: the default 600-px viewport of 76-px rows, 15 rows with the overscan.
    expect(w.findAll('[role="option"]').length).toBeLessThanOrEqual(30);
    expect(w.text()).toContain(hostile);
    expect(w.find('img').exists()).toBe(false);
    expect(list.attributes('aria-activedescendant')).toBe('comment-row-0');
    await list.trigger('keydown', { key: 'End' });
    expect(list.attributes('aria-activedescendant')).toBe('comment-row-99999');
    expect(w.emitted('update:active')?.at(-1)).toEqual([99_999]);
    await list.trigger('keydown', { key: 'Enter' });
    expect(w.emitted('open')?.at(-1)).toEqual([99_999]);
    w.unmount();
  });

  it('asks for the rows in view, and shows a row whose page is not here as loading', () => {
    const loaded = comments(5);
    const w = mount(CommentList, {
      props: { itemAt: (i: number) => loaded[i], total: 500, loading: false, label: 'C' },
      global: { plugins: [createAppI18n()] },
    });
    const [start, end] = w.emitted('need')?.at(-1) ?? [];
    expect(start).toBe(0);
    expect(Number(end)).toBeGreaterThan(5);
    const rows = w.findAll('[role="option"]');
    expect(rows[4]?.attributes('aria-busy')).toBe('false');
    expect(rows[5]?.attributes('aria-busy')).toBe('true');
    expect(rows[5]?.text()).toBe('Loading…');
    const none = mount(CommentList, {
      props: { itemAt: () => undefined, total: 0, loading: false, label: 'C' },
      global: { plugins: [createAppI18n()] },
    });
    expect(none.emitted('need')).toBeUndefined();
  });
});

// Caption words and file names of exports (expected strings written by hand).
import { describe, expect, it } from 'vitest';
import { comparisonWords, describeFilters, exportFileName, periodWords } from './exportWords.ts';

const names = {
  experiencePoint: (id: number) => (id === 2 ? 'Deutschland' : undefined),
  survey: (id: number) => (id === 100 ? '=1+1 How was it?' : undefined),
};

describe('export words', () => {
  it('names the file by what, where and the days shown (to is exclusive)', () => {
    expect(
      exportFileName(
        { title: 'Happy Index', subtree: 'Deutschland', from: '2026-10-01', to: '2026-11-01' },
        'png',
      ),
    ).toBe('happy-index_deutschland_2026-10-01_2026-10-31.png');
    expect(exportFileName({ title: 'Zürich Süd / Straße', subtree: '<b>x</b>' }, 'csv')).toBe(
      'zurich-sud-strasse_b-x-b.csv',
    );
    expect(exportFileName({ title: '🍕' }, 'pdf')).toBe('export.pdf');
  });

  it('says the filters by field, ids without a name as #id', () => {
    expect(
      describeFilters(
        { experiencePointIds: [2, 9], surveyIds: [100], from: '2026-10-01', to: '2026-11-01', scale: 'nps' },
        names,
        { comparison: comparisonWords({ kind: 'periodsAgo', periods: 2 }) },
      ),
    ).toEqual({
      subtree: 'Deutschland, #9',
      period: '2026-10-01 to 2026-10-31',
      comparison: '2 periods ago',
      scale: 'NPS 0–10',
      survey: '=1+1 How was it?',
      misuse: 'misuse left out',
    });
    expect(periodWords({})).toBe('all dates');
    expect(periodWords({ to: '2026-03-01' })).toBe('until 2026-02-28');
  });
});

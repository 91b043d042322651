// Argument checks of the follow-ups, comments, alerts, people, reconciliation and ranking commands.
import { describe, expect, it } from 'vitest';
import { checkCommandArgs } from './index.ts';

const caption = { title: 'Happy', filters: { subtree: 'All', period: 'May', misuse: 'left out' } };
const chart = {
  format: 'png',
  width: 800,
  height: 600,
  pixelRatio: 2,
  option: {},
  caption,
  fileName: 'a.png',
};
const table = {
  title: 'T',
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'n', label: 'Presses' },
  ],
  rows: [['2024-01-01', 3]],
};
const tableArgs = { format: 'csv', source: { kind: 'rows', table }, caption, fileName: 't.csv' };
const report = { caption, charts: [], tables: [], fileName: 'r.pdf' };

describe('domain argument checks', () => {
  it('copies an export table, a missing column type read as text', () => {
    expect(checkCommandArgs('export:table', tableArgs)).toStrictEqual({
      ok: true,
      args: {
        ...tableArgs,
        source: {
          kind: 'rows',
          table: { ...table, columns: [table.columns[0], { key: 'n', label: 'Presses', type: 'text' }] },
        },
      },
    });
  });

  it('trims and normalises what the connection form sends, and keeps absent fields absent', () => {
    expect(
      checkCommandArgs('connections:save', {
        baseUrl: ' https://feedback.example.com/path ',
        v2Token: '  secret ',
        v1ClientId: '',
        name: ' Work ',
      }),
    ).toStrictEqual({
      ok: true,
      args: { baseUrl: 'https://feedback.example.com', v2Token: 'secret', name: 'Work' },
    });
    expect(checkCommandArgs('connections:switch', { name: null })).toEqual({
      ok: true,
      args: { name: null },
    });
    expect(checkCommandArgs('alerts:list', { cursor: null, limit: 5 })).toStrictEqual({
      ok: true,
      args: { limit: 5 },
    });
  });

  it('accept well-formed arguments and return copies', () => {
    const filter = { experiencePointIds: [3], from: '2024-01-01', to: '2024-02-01' };
    expect(checkCommandArgs('followups:summary', { filter, side: 'painPoint' })).toEqual({
      ok: true,
      args: { filter, side: 'painPoint' },
    });
    expect(
      checkCommandArgs('comments:search', {
        query: 'staff',
        filter: { spam: 'only', categories: ['Staff'] },
      }),
    ).toMatchObject({ ok: true });
    expect(checkCommandArgs('alerts:list', { filter: { state: 'open' }, limit: 20 })).toMatchObject({
      ok: true,
    });
    expect(checkCommandArgs('people:demographics', undefined)).toEqual({ ok: true, args: {} });
    expect(checkCommandArgs('reconciliation:daily', { onlyDisagreeing: true })).toMatchObject({ ok: true });
    expect(
      checkCommandArgs('ranking:rank', { filter, scale: 'four', measure: 'happyIndex', level: 'points' }),
    ).toMatchObject({ ok: true });
  });

  it.each([
    ['followups:trend', { grain: 'fortnight' }, 'grain must be one of'],
    ['followups:summary', { filter: { from: '2024-02-01', to: '2024-01-01' } }, 'filter.from must be before'],
    ['comments:search', { filter: { spam: 'maybe' } }, 'filter.spam must be one of'],
    ['comments:search', { filter: { buttonIndexes: [11] } }, 'button indexes 0..10'],
    ['comments:search', { limit: 1000 }, 'limit must be a whole number from 1 to 200'],
    ['comments:search', { cursor: 5 }, 'cursor must be the cursor'],
    ['comments:counts', { order: 'best' }, "unexpected argument 'order'"],
    ['alerts:perDay', { filter: { acknowledged: 'yes' } }, 'filter.acknowledged must be true or false'],
    ['people:contacts', { filter: { sql: 1 } }, "unexpected filter field 'sql'"],
    ['ranking:rank', { filter: {}, scale: 'four', measure: 'happyIndex', level: 'points' }, 'are required'],
    [
      'ranking:rank',
      { filter: { from: '2024-01-01', to: '2024-02-01' }, scale: 'four', measure: 'nps', level: 'points' },
      'measure nps needs scale nps',
    ],
    ['followups:trend', { filter: {} }, 'grain must be one of day, week, month, quarter, year'],
    ['ranking:rank', { filter: { from: '2024-01-01', to: '2024-02-01' } }, 'scale must be one of'],
    ['alerts:list', { filter: { types: [1] } }, 'filter.types must be a list of alert types'],
    ['alerts:list', { cursor: '' }, 'cursor must be the cursor of a previous answer'],
    ['comments:search', { offset: 5, cursor: 'abc' }, 'offset and cursor cannot be given together'],
    [
      'analytics:explain',
      {
        filter: { from: '2024-01-01', to: '2024-02-01' },
        scales: ['four', 'nps'],
        measure: 'average',
        by: 'point',
        comparison: 'lastYear',
      },
      'scales must be of one scale group',
    ],
    ['analytics:explain', { filter: {}, scales: ['four'] }, 'filter.from and filter.to are required'],
    ['export:chart', { ...chart, fileName: 'a.svg' }, 'fileName must end in .png'],
    ['export:chart', { ...chart, option: { f: Number.NaN } }, 'option must be plain JSON of bounded size'],
    [
      'export:chart',
      { ...chart, caption: { title: 't', filters: { subtree: 'a' } } },
      'needs subtree, period',
    ],
    [
      'export:table',
      { ...tableArgs, source: { kind: 'query', spec: {}, title: 't' } },
      'source.spec: measures',
    ],
    [
      'export:table',
      { ...tableArgs, source: { kind: 'rows', table: { ...table, rows: [['x']] } } },
      'source.table.rows must hold one text, number or null per column',
    ],
    [
      'export:report',
      { ...report, charts: [{ title: 't', option: {} }, { title: 5 }] },
      'charts[1].title must be text',
    ],
    [
      'export:report',
      { ...report, tables: [table, { ...table, extra: 1 }] },
      "unexpected tables[1] field 'extra'",
    ],
    ['connections:test', { v2Token: 't' }, 'the service address is missing'],
    ['connections:test', { baseUrl: 'http://example.com', v2Token: 't' }, 'use https://'],
    ['connections:test', { baseUrl: 'https://example.com', v1Token: 't' }, 'go together'],
    [
      'connections:save',
      { baseUrl: 'https://example.com', v2Token: 't', name: ' Demo ' },
      "'Demo' is reserved",
    ],
    ['connections:switch', {}, 'name must be a profile name or null'],
    ['connections:remove', { name: 'work' }, 'deleteData must be true or false'],
  ] as const)('%s refuses %j', (command, args, message) => {
    const r = checkCommandArgs(command, args);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });
});

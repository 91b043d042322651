// Argument checks of the follow-ups, comments, alerts, people, reconciliation and ranking commands.
import { describe, expect, it } from 'vitest';
import { checkCommandArgs } from './index.ts';

describe('domain argument checks', () => {
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
  ] as const)('%s refuses %j', (command, args, message) => {
    const r = checkCommandArgs(command, args);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });
});

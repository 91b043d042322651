// Tests of the boundary check of command arguments (shared by the IPC and the web bridge).
import { describe, expect, it } from 'vitest';
import { checkCommandArgs } from './index.ts';

describe('checkCommandArgs', () => {
  it('accepts empty arguments for argument-less commands, and nothing else', () => {
    expect(checkCommandArgs('tree:list', {})).toEqual({ ok: true, args: {} });
    expect(checkCommandArgs('tree:list', undefined)).toEqual({ ok: true, args: {} });
    expect(checkCommandArgs('tree:list', { x: 1 })).toEqual({
      ok: false,
      message: "unexpected argument 'x'",
    });
    expect(checkCommandArgs('demo:explore', [])).toMatchObject({ ok: false });
    expect(checkCommandArgs('sync:cancel', 'yes')).toMatchObject({ ok: false });
  });

  it('accepts a well-formed query and returns a copy without foreign fields', () => {
    const spec = {
      measures: ['count'],
      groupBy: ['day', 'buttonIndex'],
      filter: { experiencePointIds: [3, 4], from: '2024-01-01', to: '2024-02-01', includeMisuse: false },
    };
    const result = checkCommandArgs('analytics:query', spec);
    expect(result).toEqual({ ok: true, args: spec });
    if (result.ok) expect(result.args.filter.experiencePointIds).not.toBe(spec.filter.experiencePointIds);
  });

  it.each([
    [{ measure: 'counts', groupBy: [], filter: {} }, "unexpected argument 'measure'"],
    [{ measures: ['sum'], groupBy: [], filter: {} }, 'measures may only hold count, share'],
    [{ measures: [], groupBy: [], filter: {} }, 'measures must name at least one measure'],
    [{ measures: ['count', 'count'], groupBy: [], filter: {} }, 'measures must not repeat a name'],
    [{ measures: ['count'], groupBy: ['day', 'day'], filter: {} }, 'groupBy must not repeat a name'],
    [{ measures: ['count'], groupBy: ['fortnight'], filter: {} }, 'groupBy may only hold'],
    [{ measures: ['count'], groupBy: ['day', 'week'], filter: {} }, 'one time grain, not day and week'],
    [{ measures: ['share'], groupBy: ['day'], filter: {} }, "'share' needs buttonIndex"],
    [{ measures: ['happyIndex'], groupBy: [], filter: { scale: 'nps' } }, "'happyIndex' needs filter.scale"],
    [{ measures: ['nps'], groupBy: [], filter: { scale: 'four' } }, "'nps' needs filter.scale nps"],
    [{ measures: ['average'], groupBy: [], filter: {} }, "'average' needs filter.scale"],
    [
      { measures: ['count'], groupBy: [], filter: { weekdays: [0] } },
      'filter.weekdays must hold whole numbers from 1 to 7',
    ],
    [{ measures: ['count'], groupBy: [], filter: { hoursOfDay: [24] } }, 'from 0 to 23'],
    [{ measures: ['count'], groupBy: [], filter: { source: 'v3' } }, 'filter.source must be one of v2, v1'],
    [{ measures: ['count'], groupBy: [], filter: { from: '2023-02-29' } }, "'2023-02-29' is not a real date"],
    [
      { measures: ['count'], groupBy: [], filter: { from: '2024-03-02', to: '2024-03-01' } },
      'filter.from must be before',
    ],
    [
      { measures: ['count'], groupBy: [], filter: {}, comparison: { kind: 'lastYear' } },
      'needs filter.from and filter.to',
    ],
    [
      {
        measures: ['count'],
        groupBy: [],
        filter: { from: '2024-01-01', to: '2024-02-01' },
        comparison: { kind: 'periodsAgo' },
      },
      'comparison.periods must be a whole number from 1 to 100',
    ],
    [
      {
        measures: ['count'],
        groupBy: [],
        filter: { from: '2024-01-01', to: '2024-02-01' },
        comparison: { kind: 'lastYear', periods: 2 },
      },
      "unexpected comparison field 'periods'",
    ],
    [
      { measures: ['count'], groupBy: [], filter: {}, comparison: 'previous' },
      'comparison must be an object',
    ],
    [
      { measures: ['count'], groupBy: [], filter: {}, experiencePointLevel: 'roots' },
      'experiencePointLevel must be one of children, leaves',
    ],
    [{ measures: ['count'], groupBy: 'day', filter: {} }, 'groupBy must be a list'],
    [{ measures: ['count'], groupBy: [] }, 'filter must be an object'],
    [{ measures: ['count'], groupBy: [], filter: { experiencePointIds: ['1'] } }, 'whole, non-negative'],
    [{ measures: ['count'], groupBy: [], filter: { experiencePointIds: [1.5] } }, 'whole, non-negative'],
    [{ measures: ['count'], groupBy: [], filter: { experiencePointIds: 1 } }, 'must be a list of ids'],
    [{ measures: ['count'], groupBy: [], filter: { from: '2024-13-01' } }, 'filter.from must be a date'],
    [{ measures: ['count'], groupBy: [], filter: { to: "2024-01-01' OR 1=1" } }, 'filter.to must be a date'],
    [{ measures: ['count'], groupBy: [], filter: { includeMisuse: 'yes' } }, 'includeMisuse'],
    [{ measures: ['count'], groupBy: [], filter: { sql: 'x' } }, "unexpected filter field 'sql'"],
    [
      { measures: ['count'], groupBy: [], filter: { scale: 'seven' } },
      'filter.scale must be one of four, five',
    ],
    [{ measures: ['count'], groupBy: [], filter: { scale: ['nps'] } }, 'filter.scale must be one of'],
    [{ measures: ['count'], groupBy: [], filter: {}, extra: 1 }, "unexpected argument 'extra'"],
    [null, 'arguments must be an object'],
  ])('refuses %j', (value, message) => {
    const result = checkCommandArgs('analytics:query', value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('accepts a spec using every field, normalising the weekday and hour lists', () => {
    const spec = {
      measures: ['count', 'share', 'happyIndex', 'average', 'presses'],
      groupBy: ['week', 'experiencePointId', 'buttonIndex'],
      filter: {
        experiencePointIds: [1, 2],
        surveyIds: [5],
        from: '2024-02-29',
        to: '2024-03-31',
        weekdays: [7, 1, 1],
        hoursOfDay: [23, 0],
        includeMisuse: true,
        scale: 'five',
        source: 'v1',
      },
      experiencePointLevel: 'children',
      comparison: { kind: 'periodsAgo', periods: 2 },
    };
    expect(checkCommandArgs('analytics:query', spec)).toEqual({
      ok: true,
      args: { ...spec, filter: { ...spec.filter, weekdays: [1, 7], hoursOfDay: [0, 23] } },
    });
  });

  it('accepts each scale in a query filter', () => {
    for (const scale of ['four', 'five', 'five_reversed', 'nps'])
      expect(
        checkCommandArgs('analytics:query', { measures: ['count'], groupBy: [], filter: { scale } }),
      ).toEqual({ ok: true, args: { measures: ['count'], groupBy: [], filter: { scale } } });
  });

  it('checks the scales overview arguments: an optional list of ids, nothing else', () => {
    expect(checkCommandArgs('analytics:scales', {})).toEqual({ ok: true, args: {} });
    expect(checkCommandArgs('analytics:scales', undefined)).toEqual({ ok: true, args: {} });
    expect(checkCommandArgs('analytics:scales', { experiencePointIds: [4, 5] })).toEqual({
      ok: true,
      args: { experiencePointIds: [4, 5] },
    });
    expect(checkCommandArgs('analytics:scales', { experiencePointIds: [-1] })).toEqual({
      ok: false,
      message: 'experiencePointIds must hold whole, non-negative numbers',
    });
    expect(checkCommandArgs('analytics:scales', { scale: 'nps' })).toEqual({
      ok: false,
      message: "unexpected argument 'scale'",
    });
    expect(checkCommandArgs('analytics:scales', [1])).toMatchObject({ ok: false });
  });

  it('refuses a list longer than the bound', () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i);
    const result = checkCommandArgs('analytics:query', {
      measures: ['count'],
      groupBy: [],
      filter: { experiencePointIds: ids },
    });
    expect(result).toMatchObject({ ok: false });
  });
});

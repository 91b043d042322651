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
      measure: 'counts',
      groupBy: ['day', 'buttonIndex'],
      filter: { experiencePointIds: [3, 4], from: '2024-01-01', to: '2024-02-01', includeMisuse: false },
    };
    const result = checkCommandArgs('analytics:query', spec);
    expect(result).toEqual({ ok: true, args: spec });
    if (result.ok) expect(result.args.filter.experiencePointIds).not.toBe(spec.filter.experiencePointIds);
  });

  it.each([
    [{ measure: 'sum', groupBy: [], filter: {} }, "measure must be 'counts'"],
    [{ measure: 'counts', groupBy: ['day', 'day'], filter: {} }, 'groupBy must not repeat a dimension'],
    [{ measure: 'counts', groupBy: ['week'], filter: {} }, 'groupBy may only hold'],
    [{ measure: 'counts', groupBy: 'day', filter: {} }, 'groupBy must be a list'],
    [{ measure: 'counts', groupBy: [] }, 'filter must be an object'],
    [{ measure: 'counts', groupBy: [], filter: { experiencePointIds: ['1'] } }, 'whole, non-negative'],
    [{ measure: 'counts', groupBy: [], filter: { experiencePointIds: [1.5] } }, 'whole, non-negative'],
    [{ measure: 'counts', groupBy: [], filter: { experiencePointIds: 1 } }, 'must be a list of ids'],
    [{ measure: 'counts', groupBy: [], filter: { from: '2024-13-01' } }, 'filter.from must be a date'],
    [{ measure: 'counts', groupBy: [], filter: { to: "2024-01-01' OR 1=1" } }, 'filter.to must be a date'],
    [{ measure: 'counts', groupBy: [], filter: { includeMisuse: 'yes' } }, 'includeMisuse'],
    [{ measure: 'counts', groupBy: [], filter: { sql: 'x' } }, "unexpected filter field 'sql'"],
    [
      { measure: 'counts', groupBy: [], filter: { scale: 'seven' } },
      'filter.scale must be one of four, five',
    ],
    [{ measure: 'counts', groupBy: [], filter: { scale: ['nps'] } }, 'filter.scale must be one of'],
    [{ measure: 'counts', groupBy: [], filter: {}, extra: 1 }, "unexpected argument 'extra'"],
    [null, 'arguments must be an object'],
  ])('refuses %j', (value, message) => {
    const result = checkCommandArgs('analytics:query', value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('accepts each scale in a query filter', () => {
    for (const scale of ['four', 'five', 'five_reversed', 'nps'])
      expect(
        checkCommandArgs('analytics:query', { measure: 'counts', groupBy: [], filter: { scale } }),
      ).toEqual({ ok: true, args: { measure: 'counts', groupBy: [], filter: { scale } } });
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
      measure: 'counts',
      groupBy: [],
      filter: { experiencePointIds: ids },
    });
    expect(result).toMatchObject({ ok: false });
  });
});

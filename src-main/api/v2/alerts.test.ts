// Alert records and their `parameters` string (DECISIONS.md: space-separated key=value, comma-separated values).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseAlert, parseAlertParameters } from './alerts.ts';

const alert = {
  alertId: 1,
  alertSpecificationId: 2,
  surveyId: 3,
  experiencePointId: 4,
  beginTime: '2025-03-15T18:48:41.941+11:00',
  endTime: null,
  alertSpecificationType: 'negative',
  parameters: 'negative=true windowMin=140',
  acknowledged: false,
  acknowledgedByUserId: null,
  acknowledgedTime: null,
};
const where = { endpoint: 'alerts.json', index: 0 };

describe('alerts', () => {
  it('reads an open alert (no end, not acknowledged)', () => {
    expect(parseAlert(alert, where)).toEqual(alert);
  });

  it('refuses a begin time that is not a timestamp, naming the field', () => {
    expect(() => parseAlert({ ...alert, beginTime: 'yesterday' }, where)).toThrow(ApiError);
    expect(() => parseAlert({ ...alert, beginTime: 'yesterday' }, where)).toThrow(
      /alerts\.json, item 0: field 'beginTime' should be a timestamp/,
    );
  });

  it('splits parameters into keys and values', () => {
    expect(
      parseAlertParameters('negative=true  responseFilter=0,1 flag windowMin=140 responseFilter=4'),
    ).toEqual({
      negative: ['true'],
      responseFilter: ['0', '1', '4'],
      flag: [],
      windowMin: ['140'],
    });
    expect(Object.keys(parseAlertParameters('__proto__=x'))).toEqual(['__proto__']);
  });
});

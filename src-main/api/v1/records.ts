// v1 record types and their boundary parsers (api-v1.md §2, DECISIONS.md Version 1). Unknown properties are ignored.
import { invalid } from '../validate.ts';
import {
  array,
  counts,
  int,
  intIn,
  inside,
  numbers,
  object,
  objectField,
  optArray,
  optBool,
  optNum,
  optTimestamp,
  str,
  timestamp,
} from './fields.ts';
import type { At, Obj } from './fields.ts';
import type {
  V1Question,
  V1FolderRef,
  V1Survey,
  V1Folder,
  V1ResultBucket,
  V1FollowUp,
  V1OpenFeedback,
  V1FollowUpResult,
  V1FollowUpResults,
  V1RawResult,
  V1Alert,
} from '../../core/records/v1.ts';
export { v1SurveyTypes } from '../../core/records/v1.ts';
export type {
  V1Question,
  V1FolderRef,
  V1ActivePeriod,
  V1SurveyType,
  V1Survey,
  V1Folder,
  V1ResultBucket,
  V1FollowUp,
  V1OpenFeedback,
  V1FollowUpResult,
  V1FollowUpResults,
  V1RawResult,
  V1AlertSurvey,
  V1Alert,
} from '../../core/records/v1.ts';

export function parseQuestion(value: unknown, a: At): V1Question {
  const o = object(value, a);
  return { key: int(o, 'key', a), name: str(o, 'name', a), locale: str(o, 'locale', a) };
}

function folderRef(o: Obj, a: At): V1FolderRef {
  return { key: int(o, 'key', a), name: str(o, 'name', a) };
}

export function parseSurvey(value: unknown, a: At): V1Survey {
  const o = object(value, a);
  const periods = optArray(o, 'activePeriods', a) ?? [];
  return {
    key: int(o, 'key', a),
    question: parseQuestion(objectField(o, 'question', a), inside(a, 'question')),
    folder:
      o.folder === undefined || o.folder === null
        ? null
        : folderRef(objectField(o, 'folder', a), inside(a, 'folder')),
    timeZone: str(o, 'timeZone', a),
    activePeriods: periods.map((p, i) => {
      const pa = inside(a, `activePeriods[${i}]`);
      const po = object(p, pa);
      return { start: timestamp(po, 'start', pa), end: timestamp(po, 'end', pa) };
    }),
    surveyType: o.surveyType === undefined || o.surveyType === null ? null : str(o, 'surveyType', a),
  };
}

export function parseFolder(value: unknown, a: At): V1Folder {
  const o = object(value, a);
  const folders = optArray(o, 'folders', a);
  const surveys = optArray(o, 'surveys', a);
  return {
    key: int(o, 'key', a),
    name: str(o, 'name', a),
    folders: folders && folders.map((f, i) => parseFolder(f, inside(a, `folders[${i}]`))),
    surveys: surveys && surveys.map((s, i) => parseSurvey(s, inside(a, `surveys[${i}]`))),
  };
}

export function parseResultBucket(value: unknown, a: At): V1ResultBucket {
  const o = object(value, a);
  return { ts: timestamp(o, 'ts', a), data: counts(o, 'data', a) };
}

function parseFollowUp(o: Obj, a: At): V1FollowUp {
  return { key: int(o, 'key', a), name: str(o, 'name', a) };
}

function optFollowUp(o: Obj, a: At): V1FollowUp | null {
  return o.f === undefined || o.f === null ? null : parseFollowUp(objectField(o, 'f', a), inside(a, 'f'));
}

export function parseOpenFeedback(value: unknown, a: At): V1OpenFeedback {
  const o = object(value, a);
  return {
    ts: timestamp(o, 'ts', a),
    r: intIn(o, 'r', 0, 3, a),
    relevance: optNum(o, 'relevance', a),
    spam: optBool(o, 'spam', a),
    followUp: optFollowUp(o, a),
    text: str(o, 'text', a),
  };
}

export function parseFollowUpResult(value: unknown, a: At): V1FollowUpResult {
  const o = object(value, a);
  return { ...parseFollowUp(o, a), data: counts(o, 'data', a), percentages: numbers(o, 'percentages', a) };
}

export function parseFollowUpResults(value: unknown, a: At): V1FollowUpResults {
  const o = object(value, a);
  const data = objectField(o, 'data', a);
  const da = inside(a, 'data');
  const side = (field: string): V1FollowUpResult[] =>
    array(data, field, da).map((r, i) => parseFollowUpResult(r, inside(da, `${field}[${i}]`)));
  return { painPoints: side('painPoints'), highlights: side('highlights') };
}

export function parseRawResult(value: unknown, a: At): V1RawResult {
  const o = object(value, a);
  const ts = timestamp(o, 'ts', a);
  const hasR = o.r !== undefined && o.r !== null;
  const hasData = o.data !== undefined && o.data !== null;
  const open = o.o === undefined || o.o === null ? null : objectField(o, 'o', a);
  if (hasR && hasData) throw invalid(a, "an item has both 'r' and 'data'; they are alternatives");
  if (hasData) return { kind: 'hourly', ts, counts: counts(o, 'data', a) };
  const oa = inside(a, 'o');
  if (hasR) {
    return {
      kind: 'press',
      ts,
      r: intIn(o, 'r', 0, 3, a),
      followUp: optFollowUp(o, a),
      text: open ? str(open, 'text', oa) : null,
    };
  }
  if (open) return { kind: 'text', ts, r: intIn(open, 'r', 0, 3, oa), text: str(open, 'text', oa) };
  throw invalid(a, "an item has none of 'r', 'data' and 'o'");
}

export function parseAlert(value: unknown, a: At): V1Alert {
  const o = object(value, a);
  const survey = objectField(o, 'survey', a);
  const sa = inside(a, 'survey');
  const zoneField = survey.timezone === undefined && survey.timeZone !== undefined ? 'timeZone' : 'timezone';
  return {
    key: int(o, 'key', a),
    alertType: str(o, 'alertType', a),
    survey: {
      key: int(survey, 'key', sa),
      question: parseQuestion(objectField(survey, 'question', sa), inside(sa, 'question')),
      folder: folderRef(objectField(survey, 'folder', sa), inside(sa, 'folder')),
      timeZone: str(survey, zoneField, sa),
    },
    specificationKey: int(objectField(o, 'alertSpecification', a), 'key', inside(a, 'alertSpecification')),
    beginTime: timestamp(o, 'beginTime', a),
    endTime: optTimestamp(o, 'endTime', a),
    parameters: objectField(o, 'parameters', a),
  };
}

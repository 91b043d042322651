// Checks a command's arguments against the contract's shapes at the process boundary (both bridges use it).
// Plain Node, no electron: the web bridge imports it too. Handlers may check meaning further; this checks shape.
import type {
  CommandArgs,
  CommandName,
  FeedbackScale,
  GroupDimension,
  QueryFilter,
  QuerySpec,
  ScalesArgs,
} from '../../src-shared/contract.ts';
import { feedbackScales } from '../../src-shared/contract.ts';

/** The checked arguments (a fresh copy: no extra fields, getters or prototypes reach a handler), or why not. */
export type Parsed<T> = { ok: true; args: T } | { ok: false; message: string };

const groupDimensions: readonly GroupDimension[] = [
  'day',
  'hour',
  'buttonIndex',
  'experiencePointId',
  'surveyId',
];
const localDate = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Generous bound on id lists: a whole tree of a large customer, not an unbounded array. */
const maxIds = 10_000;

const bad = (message: string): { ok: false; message: string } => ({ ok: false, message });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function unknownKey(value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(value).find((k) => !allowed.includes(k));
}

function parseEmpty(value: unknown): Parsed<Record<string, never>> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = Object.keys(value)[0];
  return extra === undefined ? { ok: true, args: {} } : bad(`unexpected argument '${extra}'`);
}

function parseIds(value: unknown, name: string): Parsed<number[] | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  if (!Array.isArray(value)) return bad(`${name} must be a list of ids`);
  if (value.length > maxIds) return bad(`${name} holds more than ${maxIds} ids`);
  const ids = value.filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
  return ids.length === value.length
    ? { ok: true, args: ids }
    : bad(`${name} must hold whole, non-negative numbers`);
}

function parseFilter(value: unknown): Parsed<QueryFilter> {
  if (!isPlainObject(value)) return bad('filter must be an object');
  const extra = unknownKey(value, [
    'experiencePointIds',
    'surveyIds',
    'from',
    'to',
    'includeMisuse',
    'scale',
  ]);
  if (extra !== undefined) return bad(`unexpected filter field '${extra}'`);
  const filter: QueryFilter = {};
  const points = parseIds(value.experiencePointIds, 'filter.experiencePointIds');
  if (!points.ok) return points;
  if (points.args) filter.experiencePointIds = points.args;
  const surveys = parseIds(value.surveyIds, 'filter.surveyIds');
  if (!surveys.ok) return surveys;
  if (surveys.args) filter.surveyIds = surveys.args;
  for (const key of ['from', 'to'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !localDate.test(v)) return bad(`filter.${key} must be a date yyyy-MM-dd`);
    filter[key] = v;
  }
  const misuse = value.includeMisuse;
  if (misuse !== undefined && typeof misuse !== 'boolean')
    return bad('filter.includeMisuse must be true or false');
  if (misuse !== undefined) filter.includeMisuse = misuse;
  const { scale } = value;
  if (scale !== undefined) {
    const known = feedbackScales.find((s): s is FeedbackScale => s === scale);
    if (known === undefined) return bad(`filter.scale must be one of ${feedbackScales.join(', ')}`);
    filter.scale = known;
  }
  return { ok: true, args: filter };
}

function parseScalesArgs(value: unknown): Parsed<ScalesArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['experiencePointIds']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const points = parseIds(value.experiencePointIds, 'experiencePointIds');
  if (!points.ok) return points;
  return { ok: true, args: points.args ? { experiencePointIds: points.args } : {} };
}

function parseQuerySpec(value: unknown): Parsed<QuerySpec> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['measure', 'groupBy', 'filter']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  if (value.measure !== 'counts') return bad("measure must be 'counts'");
  const { groupBy } = value;
  if (!Array.isArray(groupBy)) return bad('groupBy must be a list');
  const dims = groupBy.filter((g): g is GroupDimension =>
    (groupDimensions as readonly unknown[]).includes(g),
  );
  if (dims.length !== groupBy.length) return bad(`groupBy may only hold ${groupDimensions.join(', ')}`);
  if (new Set(dims).size !== dims.length) return bad('groupBy must not repeat a dimension');
  const filter = parseFilter(value.filter);
  if (!filter.ok) return filter;
  return { ok: true, args: { measure: 'counts', groupBy: dims, filter: filter.args } };
}

const parsers: { [K in CommandName]: (value: unknown) => Parsed<CommandArgs<K>> } = {
  'app:getState': parseEmpty,
  'tree:list': parseEmpty,
  'analytics:query': parseQuerySpec,
  'analytics:scales': parseScalesArgs,
  'demo:explore': parseEmpty,
  'sync:cancel': parseEmpty,
  'store:rebuild': parseEmpty,
};

/** Narrows `value` to the arguments of `command`, or says in one phrase what is wrong with it. */
export function checkCommandArgs<K extends CommandName>(command: K, value: unknown): Parsed<CommandArgs<K>> {
  const parse: (value: unknown) => Parsed<CommandArgs<K>> = parsers[command];
  return parse(value);
}

// Loads a world from fixture JSON (a dumped world, or a hand-made one that reproduces a situation).
import { DAY_MS, parseIsoDate } from './calendar.ts';
import { SCALE_BUTTONS } from './catalog.ts';
import * as R from './fixtureReader.ts';
import { ZoneClock } from './timeZones.ts';
import type {
  Assignment,
  ExperiencePoint,
  FollowupOption,
  FollowupQuestion,
  Survey,
  SurveyState,
  TreeNode,
  World,
} from './types.ts';
import { indexWorld } from './worldIndex.ts';

import { FIXTURE_FORMAT, FIXTURE_VERSION } from './fixtureDump.ts';

export { FIXTURE_FORMAT, FIXTURE_VERSION, worldToFixture } from './fixtureDump.ts';

function stateOf(periods: Survey['periods'], nowDay: number): SurveyState {
  if (periods.some((p) => p.startDay <= nowDay && nowDay < p.endDay)) return 'active';
  return periods.some((p) => p.startDay > nowDay) ? 'upcoming' : 'ended';
}

/** Builds a world from fixture JSON; throws FixtureError naming the first problem. */
// eslint-disable-next-line max-lines-per-function, complexity -- reads and checks the fixture JSON section by section, naming the first problem; each check sits beside the section it checks
export function worldFromFixture(json: unknown): World {
  const started = performance.now();
  const f = R.asObject(json, 'fixture');
  if (f.format !== FIXTURE_FORMAT || f.version !== FIXTURE_VERSION)
    throw new R.FixtureError(
      `fixture.format must be "${FIXTURE_FORMAT}" and fixture.version ${FIXTURE_VERSION}`,
    );
  const seed = R.num(f, 'seed', 'fixture', 1) >>> 0;
  const now = R.instant(f.now, 'fixture.now');
  const nowDay = Math.floor(now / DAY_MS);
  const size = R.oneOf(
    f,
    'size',
    ['tiny', 'small', 'demo', 'large', 'xlarge', 'awkward'] as const,
    'fixture',
    'tiny',
  );

  // Tree: one root; nodes are re-ordered depth-first (children in the order given).
  const raw = R.asArray(f.tree, 'fixture.tree').map((x, i) => ({
    o: R.asObject(x, `fixture.tree[${i}]`),
    path: `fixture.tree[${i}]`,
  }));
  const children = new Map<number | null, typeof raw>();
  for (const r of raw) {
    const parent =
      r.o.parentId === null || r.o.parentId === undefined ? null : R.num(r.o, 'parentId', r.path);
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const roots = children.get(null) ?? [];
  if (roots.length !== 1)
    throw new R.FixtureError('fixture.tree must have exactly one item without parentId');
  const nodes: TreeNode[] = [];
  const eps: ExperiencePoint[] = [];
  const zoneNames: string[] = [];
  const visit = (r: (typeof raw)[number], parent: TreeNode | null): void => {
    const id = R.num(r.o, 'id', r.path);
    const type = R.oneOf(r.o, 'type', ['GROUP', 'EXPERIENCE_POINT'] as const, r.path);
    const node: TreeNode = {
      index: nodes.length,
      id,
      name: R.str(r.o, 'name', r.path),
      parentId: parent?.id ?? null,
      type,
      depth: parent ? parent.depth + 1 : 0,
      subtreeEnd: 0,
      epIndex: -1,
    };
    nodes.push(node);
    if (type === 'EXPERIENCE_POINT') {
      const e = R.asObject(r.o.experiencePoint, `${r.path}.experiencePoint`);
      const p = `${r.path}.experiencePoint`;
      const zone = R.str(e, 'zone', p);
      if (!zoneNames.includes(zone)) zoneNames.push(zone);
      node.epIndex = eps.length;
      eps.push({
        index: eps.length,
        id,
        name: node.name,
        nodeIndex: node.index,
        kind: R.oneOf(e, 'kind', ['physical', 'digital'] as const, p, 'physical'),
        zone,
        zoneIndex: zoneNames.indexOf(zone),
        country: R.str(e, 'country', p, ''),
        quality: R.num(e, 'quality', p, 0.5),
        traffic: R.num(e, 'traffic', p, 1),
        openMinute: e.openMinute === undefined ? [0, 0, 0, 0, 0, 0, 0] : R.numbers(e, 'openMinute', p),
        closeMinute:
          e.closeMinute === undefined
            ? [1440, 1440, 1440, 1440, 1440, 1440, 1440]
            : R.numbers(e, 'closeMinute', p),
      });
    }
    for (const c of children.get(id) ?? []) visit(c, node);
    node.subtreeEnd = nodes.length;
  };
  const root = roots[0];
  if (root) visit(root, null);
  if (nodes.length !== raw.length)
    throw new R.FixtureError('fixture.tree has items whose parentId is not in the tree');
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  const epById = (id: number, path: string): ExperiencePoint => {
    const e = eps[nodeById.get(id)?.epIndex ?? -1];
    if (!e) throw new R.FixtureError(`${path}: ${id} is not an experience point of the tree`);
    return e;
  };

  const questions = R.asArray(f.questions, 'fixture.questions').map((x, index) => {
    const path = `fixture.questions[${index}]`;
    const o = R.asObject(x, path);
    const defaultLocale = R.str(o, 'defaultLocale', path);
    const localizations = R.localizations(o.localizations, `${path}.localizations`);
    return {
      index,
      id: R.num(o, 'id', path),
      defaultLocale,
      text: localizations.find((l) => l.locale === defaultLocale)?.text ?? localizations[0]?.text ?? '',
      localizations,
    };
  });
  const surveys: Survey[] = R.asArray(f.surveys, 'fixture.surveys').map((x, index) => {
    const path = `fixture.surveys[${index}]`;
    const o = R.asObject(x, path);
    const questionId = R.num(o, 'questionId', path);
    const questionIndex = questions.findIndex((q) => q.id === questionId);
    if (questionIndex < 0) throw new R.FixtureError(`${path}.questionId ${questionId} is not a question`);
    // A scale the documents do not list (a service's new scale) is served as written; it then needs `buttons`.
    const scale = R.str(o, 'scale', path);
    const known = Object.entries(SCALE_BUTTONS).find(([name]) => name === scale)?.[1];
    const buttons = known ?? R.num(o, 'buttons', path);
    if (!Number.isInteger(buttons) || buttons < 1 || buttons > 11)
      throw new R.FixtureError(`${path}.buttons must be 1..11 for a scale of its own ('${scale}')`);
    const periods = R.asArray(o.periods, `${path}.periods`).map((p, k) => {
      const po = R.asObject(p, `${path}.periods[${k}]`);
      const startDay = parseIsoDate(R.str(po, 'startDate', `${path}.periods[${k}]`));
      const endDay = parseIsoDate(R.str(po, 'endDate', `${path}.periods[${k}]`));
      if (startDay === undefined || endDay === undefined)
        throw new R.FixtureError(`${path}.periods[${k}] needs dates yyyy-MM-dd`);
      return { startDay, endDay };
    });
    return {
      index,
      id: R.num(o, 'id', path),
      questionIndex,
      defaultLocale: questions[questionIndex]?.defaultLocale ?? 'en_US',
      surveyType: R.oneOf(o, 'surveyType', ['CUSTOMER', 'EMPLOYEE'] as const, path, 'CUSTOMER'),
      scale,
      buttons,
      indexType: R.oneOf(o, 'indexType', ['HAPPY', 'NPS', 'NPS_OFFICIAL', 'AVERAGE'] as const, path, 'HAPPY'),
      periods,
      state: stateOf(periods, nowDay),
    };
  });
  const surveyIndex = (id: number, path: string): number => {
    const i = surveys.findIndex((s) => s.id === id);
    if (i < 0) throw new R.FixtureError(`${path}: ${id} is not a survey`);
    return i;
  };
  const assignments: Assignment[] = R.asArray(f.assignments, 'fixture.assignments').map((x, index) => {
    const path = `fixture.assignments[${index}]`;
    const o = R.asObject(x, path);
    return {
      index,
      key: R.num(o, 'key', path),
      epIndex: epById(R.num(o, 'experiencePointId', path), `${path}.experiencePointId`).index,
      surveyIndex: surveyIndex(R.num(o, 'surveyId', path), `${path}.surveyId`),
      kind: R.oneOf(o, 'kind', ['TERMINAL', 'TABLET', 'WEB'] as const, path),
      smileyIndexes: [],
      weight: R.num(o, 'weight', path, 1),
    };
  });
  const smileys = R.asArray(f.smileys, 'fixture.smileys').map((x, index) => {
    const path = `fixture.smileys[${index}]`;
    const o = R.asObject(x, path);
    const key = R.num(o, 'assignmentKey', path);
    const a = assignments.find((s) => s.key === key);
    if (!a) throw new R.FixtureError(`${path}.assignmentKey ${key} is not an assignment`);
    a.smileyIndexes.push(index);
    return {
      index,
      id: R.num(o, 'id', path),
      name: R.str(o, 'name', path),
      serialNumber: R.str(o, 'serialNumber', path, ''),
      token: R.str(o, 'token', path, ''),
      // Device types and ui values are open sets at the service: any text is served as written.
      type: R.str(o, 'type', path),
      ui: R.str(o, 'ui', path, 'physical'),
      epIndex: a.epIndex,
      assignmentIndex: a.index,
      hourlySums: R.bool(o, 'hourlySums', path, false),
    };
  });
  const followupQuestions: FollowupQuestion[] = [];
  const followupOptions: FollowupOption[] = [];
  R.asArray(f.followupQuestions ?? [], 'fixture.followupQuestions').forEach((x, k) => {
    const path = `fixture.followupQuestions[${k}]`;
    const o = R.asObject(x, path);
    const defaultLocale = R.str(o, 'defaultLocale', path, 'en_US');
    const localizations = R.localizations(o.localizations, `${path}.localizations`);
    const q: FollowupQuestion = {
      index: followupQuestions.length,
      id: R.num(o, 'id', path),
      surveyIndex: surveyIndex(R.num(o, 'surveyId', path), `${path}.surveyId`),
      positive: R.bool(o, 'positive', path),
      defaultLocale,
      text: localizations.find((l) => l.locale === defaultLocale)?.text ?? localizations[0]?.text ?? '',
      localizations,
      optionIndexes: [],
    };
    followupQuestions.push(q);
    R.asArray(o.options, `${path}.options`).forEach((y, j) => {
      const oo = R.asObject(y, `${path}.options[${j}]`);
      const locs = R.localizations(oo.localizations, `${path}.options[${j}].localizations`);
      q.optionIndexes.push(followupOptions.length);
      followupOptions.push({
        index: followupOptions.length,
        id: R.num(oo, 'id', `${path}.options[${j}]`),
        questionIndex: q.index,
        text: locs.find((l) => l.locale === defaultLocale)?.text ?? locs[0]?.text ?? '',
        localizations: locs,
      });
    });
  });
  const followupsBySurvey = surveys.map((s): [number, number] => [
    followupQuestions.findIndex((q) => q.surveyIndex === s.index && !q.positive),
    followupQuestions.findIndex((q) => q.surveyIndex === s.index && q.positive),
  ]);
  const users = R.asArray(f.users ?? [], 'fixture.users').map((x, index) => {
    const path = `fixture.users[${index}]`;
    const o = R.asObject(x, path);
    const rootId = R.num(o, 'rootExperiencePointId', path);
    const rootNode = nodeById.get(rootId);
    if (!rootNode) throw new R.FixtureError(`${path}.rootExperiencePointId ${rootId} is not in the tree`);
    return {
      index,
      id: R.num(o, 'id', path),
      email: R.str(o, 'email', path),
      firstName: R.str(o, 'firstName', path, ''),
      lastName: R.str(o, 'lastName', path, ''),
      rootNodeIndex: rootNode.index,
      role: R.oneOf(o, 'role', ['USER', 'ADMIN', 'PARTNER'] as const, path, 'USER'),
      locale: R.str(o, 'locale', path, 'en_US'),
      loginAllowed: R.bool(o, 'loginAllowed', path, true),
      loginMethod: R.oneOf(
        o,
        'loginMethod',
        ['EMAIL_PASSWORD', 'SINGLE_SIGN_ON'] as const,
        path,
        'EMAIL_PASSWORD',
      ),
      lastLogin:
        o.lastLogin === null || o.lastLogin === undefined
          ? null
          : R.instant(o.lastLogin, `${path}.lastLogin`),
      created: R.instant(o.created, `${path}.created`),
    };
  });
  const customDataFields = R.asArray(f.customDataFields ?? [], 'fixture.customDataFields').map((x, i) => {
    const path = `fixture.customDataFields[${i}]`;
    const o = R.asObject(x, path);
    const options = R.asArray(o.options ?? [], `${path}.options`).map((v) => String(v));
    return {
      id: R.str(o, 'id', path),
      label: R.str(o, 'label', path),
      type: R.oneOf(o, 'type', ['text', 'number', 'date', 'select'] as const, path, 'text'),
      options,
    };
  });
  const customDataValues = R.asArray(f.customDataValues ?? [], 'fixture.customDataValues').map((x, i) => {
    const path = `fixture.customDataValues[${i}]`;
    const o = R.asObject(x, path);
    const fieldId = R.str(o, 'fieldId', path);
    const fieldIndex = customDataFields.findIndex((c) => c.id === fieldId);
    if (fieldIndex < 0) throw new R.FixtureError(`${path}.fieldId ${fieldId} is not a custom data field`);
    return {
      epIndex: epById(R.num(o, 'experiencePointId', path), `${path}.experiencePointId`).index,
      fieldIndex,
      value: R.str(o, 'value', path),
    };
  });
  const commentTexts =
    f.commentTexts === undefined
      ? undefined
      : R.asArray(f.commentTexts, 'fixture.commentTexts').map((v, i) => {
          if (typeof v !== 'string' || v === '')
            throw new R.FixtureError(`fixture.commentTexts[${i}] must be a non-empty string`);
          return v;
        });
  const presses = readPresses(R.asObject(f.presses, 'fixture.presses'), smileys, assignments, surveys);

  const earliest =
    Math.min(
      nowDay - 740,
      ...surveys.flatMap((s) => s.periods.map((p) => p.startDay)),
      presses.ts.length ? Math.floor((presses.ts[0] ?? 0) / DAY_MS) : nowDay,
    ) * DAY_MS;
  const zones = zoneNames.map((z) => new ZoneClock(z, earliest, (nowDay + 400) * DAY_MS));
  return indexWorld({
    seed,
    size,
    now,
    nowDay,
    companyName: nodes[0]?.name ?? '',
    nodes,
    experiencePoints: eps,
    zones,
    questions,
    surveys,
    assignments,
    smileys,
    presses,
    followupQuestions,
    followupOptions,
    followupsBySurvey,
    users,
    customDataFields,
    customDataValues,
    ...(commentTexts?.length ? { commentTexts } : {}),
    generationMs: performance.now() - started,
  });
}

/** Presses by smiley; sorted by time (stable), experience point and survey taken from the smiley. */
function readPresses(
  o: Record<string, unknown>,
  smileys: World['smileys'],
  assignments: Assignment[],
  surveys: Survey[],
): World['presses'] {
  const time = R.asArray(o.time, 'fixture.presses.time').map((v, i) =>
    R.instant(v, `fixture.presses.time[${i}]`),
  );
  const smileyId = R.numbers(o, 'smileyId', 'fixture.presses');
  const button = R.numbers(o, 'button', 'fixture.presses');
  const flags = o.flags === undefined ? time.map(() => 0) : R.numbers(o, 'flags', 'fixture.presses');
  const n = time.length;
  if (smileyId.length !== n || button.length !== n || flags.length !== n)
    throw new R.FixtureError('fixture.presses: time, smileyId, button and flags must have the same length');
  const smileyIndex = new Map(smileys.map((s) => [s.id, s.index]));
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (time[a] ?? 0) - (time[b] ?? 0) || a - b,
  );
  const cols = {
    count: n,
    ts: new Float64Array(n),
    ep: new Uint16Array(n),
    survey: new Uint8Array(n),
    smiley: new Uint16Array(n),
    button: new Uint8Array(n),
    flags: new Uint8Array(n),
  };
  order.forEach((src, i) => {
    const sm = smileyIndex.get(smileyId[src] ?? -1);
    const a = assignments[smileys[sm ?? -1]?.assignmentIndex ?? -1];
    if (sm === undefined || !a) throw new R.FixtureError(`fixture.presses.smileyId[${src}] is not a smiley`);
    const b = button[src] ?? 0;
    if (!Number.isInteger(b) || b < 0 || b >= (surveys[a.surveyIndex]?.buttons ?? 0))
      throw new R.FixtureError(`fixture.presses.button[${src}] is outside the survey's scale`);
    cols.ts[i] = time[src] ?? 0;
    cols.ep[i] = a.epIndex;
    cols.survey[i] = a.surveyIndex;
    cols.smiley[i] = sm;
    cols.button[i] = b;
    cols.flags[i] = (flags[src] ?? 0) & 255;
  });
  return cols;
}

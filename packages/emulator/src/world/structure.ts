// Generates the world's structure from a seed: company tree, zones, questions, surveys, assignments, smileys.
import {
  AWKWARD_STORE_NAMES,
  COMPANY_NAME,
  COUNTRIES,
  DIGITAL_GROUP_NAME,
  DIGITAL_POINTS,
  QUESTIONS,
  SCALE_BUTTONS,
  SIZES,
  STORE_SUFFIXES,
  SURVEYS,
} from './catalog.ts';
import { intBetween, keyedRng, pick, type Rng } from './prng.ts';
import type {
  Assignment,
  DeviceKind,
  ExperiencePoint,
  Question,
  Smiley,
  Survey,
  SurveyState,
  TreeNode,
  Ui,
  GeneratedSize,
} from './types.ts';

export interface Structure {
  companyName: string;
  nodes: TreeNode[];
  experiencePoints: ExperiencePoint[];
  zoneNames: string[];
  questions: Question[];
  surveys: Survey[];
  assignments: Assignment[];
  smileys: Smiley[];
}

/** Increasing ids with small random gaps, so clients cannot rely on ids being dense. */
function idSequence(rng: Rng, start: number): () => number {
  let next = start + Math.floor(rng() * 50);
  return () => {
    const id = next;
    next += 1 + Math.floor(rng() * 4);
    return id;
  };
}

function surveyState(periods: Survey['periods'], nowDay: number): SurveyState {
  if (periods.some((p) => p.startDay <= nowDay && nowDay < p.endDay)) return 'active';
  if (periods.some((p) => p.startDay > nowDay)) return 'upcoming';
  return 'ended';
}

interface PlannedSurvey {
  key: string;
  kind: DeviceKind;
  devices: number;
  hourly?: boolean[];
  ui?: Ui;
}

/** Surveys of the n-th store: the first four are fixed so even `tiny` holds every scale, kind and quirk. */
function storePlan(rng: Rng, n: number): PlannedSurvey[] {
  const fixed: PlannedSurvey[][] = [
    [
      { key: 'satisfaction', kind: 'TERMINAL', devices: 2, hourly: [false, true] },
      { key: 'restroom', kind: 'TERMINAL', devices: 1 },
      { key: 'visit', kind: 'TABLET', devices: 1 },
      { key: 'workday', kind: 'TERMINAL', devices: 1 },
    ],
    [
      { key: 'satisfaction', kind: 'TERMINAL', devices: 1, ui: 'touchless' },
      { key: 'recommend', kind: 'TABLET', devices: 1 },
      { key: 'gift', kind: 'TERMINAL', devices: 1 },
    ],
    [
      { key: 'satisfaction', kind: 'TERMINAL', devices: 1, hourly: [true] },
      { key: 'checkout', kind: 'TABLET', devices: 1 },
    ],
    [
      { key: 'satisfaction', kind: 'TERMINAL', devices: 2 },
      { key: 'visit', kind: 'TABLET', devices: 1 },
      { key: 'restroom', kind: 'TERMINAL', devices: 1 },
    ],
  ];
  const planned = fixed[n];
  if (planned) return planned;
  const plan: PlannedSurvey[] = [{ key: 'satisfaction', kind: 'TERMINAL', devices: intBetween(rng, 1, 3) }];
  if (rng() < 0.35) plan.push({ key: 'restroom', kind: 'TERMINAL', devices: 1 });
  const touch = rng();
  if (touch < 0.25) plan.push({ key: 'visit', kind: 'TABLET', devices: 1 });
  else if (touch < 0.4) plan.push({ key: 'recommend', kind: 'TABLET', devices: 1 });
  if (rng() < 0.15) plan.push({ key: 'checkout', kind: 'TABLET', devices: 1 });
  if (rng() < 0.2) plan.push({ key: 'workday', kind: 'TERMINAL', devices: 1 });
  if (rng() < 0.25) plan.push({ key: 'gift', kind: 'TERMINAL', devices: 1 });
  return plan;
}

// eslint-disable-next-line max-lines-per-function, complexity -- the order of its random draws (tree, points, surveys, zones) defines every generated world; split apart, a reordering would change them all
export function generateStructure(seed: number, size: GeneratedSize, nowDay: number): Structure {
  const spec = SIZES[size];
  const rng = keyedRng(seed, 0x5757);
  const nodeId = idSequence(rng, 10_000);
  const nodes: TreeNode[] = [];
  const experiencePoints: ExperiencePoint[] = [];
  const zoneNames: string[] = [];
  const zoneIndex = (zone: string): number => {
    const i = zoneNames.indexOf(zone);
    if (i >= 0) return i;
    zoneNames.push(zone);
    return zoneNames.length - 1;
  };

  const addNode = (name: string, parent: TreeNode | null, type: TreeNode['type']): TreeNode => {
    const node: TreeNode = {
      index: nodes.length,
      id: nodeId(),
      name,
      parentId: parent ? parent.id : null,
      type,
      depth: parent ? parent.depth + 1 : 0,
      subtreeEnd: nodes.length + 1,
      epIndex: -1,
    };
    nodes.push(node);
    return node;
  };
  const close = (node: TreeNode): void => {
    node.subtreeEnd = nodes.length;
  };
  const addPoint = (
    name: string,
    parent: TreeNode,
    fields: Pick<
      ExperiencePoint,
      'kind' | 'zone' | 'country' | 'quality' | 'traffic' | 'openMinute' | 'closeMinute'
    >,
  ): ExperiencePoint => {
    const node = addNode(name, parent, 'EXPERIENCE_POINT');
    const ep: ExperiencePoint = {
      index: experiencePoints.length,
      id: node.id,
      name,
      nodeIndex: node.index,
      zoneIndex: zoneIndex(fields.zone),
      ...fields,
    };
    node.epIndex = ep.index;
    experiencePoints.push(ep);
    return ep;
  };

  const plans: { ep: ExperiencePoint; plan: PlannedSurvey[] }[] = [];
  const root = addNode(COMPANY_NAME, null, 'GROUP');
  let storeNumber = 0;
  for (const country of COUNTRIES.slice(0, spec.countries)) {
    const countryNode = addNode(country.name, root, 'GROUP');
    const regionCount = Math.min(country.regions.length, intBetween(rng, ...spec.regionsPerCountry));
    for (const region of country.regions.slice(0, regionCount)) {
      const regionNode = addNode(region.name, countryNode, 'GROUP');
      const stores = intBetween(rng, ...spec.storesPerRegion);
      for (let s = 0; s < stores; s++) {
        const awkward = AWKWARD_STORE_NAMES[storeNumber];
        const name =
          awkward ?? `${pick(rng, country.places)} – ${pick(rng, STORE_SUFFIXES)} #${storeNumber + 1}`;
        // A store may open a little earlier or close a little later than the country's usual hours.
        const shiftOpen = pick(rng, [0, 0, 0, -30, 30, 60]);
        const shiftClose = pick(rng, [0, 0, 0, 30, -60, 60]);
        const ep = addPoint(name, regionNode, {
          kind: 'physical',
          zone: region.zone,
          country: country.name,
          quality: storeNumber === 4 ? 0.12 : 0.2 + 0.78 * Math.pow(rng(), 0.7),
          traffic: Math.exp((rng() + rng() + rng() - 1.5) * 0.8),
          openMinute: country.week.map((w) => (w ? w[0] + shiftOpen : 0)),
          closeMinute: country.week.map((w) => (w ? Math.min(24 * 60, w[1] + shiftClose) : 0)),
        });
        plans.push({ ep, plan: storePlan(rng, storeNumber) });
        storeNumber++;
      }
      close(regionNode);
    }
    close(countryNode);
  }
  const digitalGroup = addNode(DIGITAL_GROUP_NAME, root, 'GROUP');
  for (const d of DIGITAL_POINTS.slice(0, spec.digitalPoints)) {
    const ep = addPoint(d.name, digitalGroup, {
      kind: 'digital',
      zone: d.zone,
      country: '',
      quality: 0.35 + 0.5 * rng(),
      traffic: d.traffic,
      openMinute: [0, 0, 0, 0, 0, 0, 0],
      closeMinute: [1440, 1440, 1440, 1440, 1440, 1440, 1440],
    });
    plans.push({ ep, plan: d.surveys.map((s) => ({ key: s.key, kind: 'WEB', devices: 1, ui: s.ui })) });
  }
  close(digitalGroup);
  close(root);

  const questionId = idSequence(rng, 300);
  const questions: Question[] = QUESTIONS.map((q, index) => ({
    index,
    id: questionId(),
    defaultLocale: q.defaultLocale,
    text: q.texts[q.defaultLocale] ?? '',
    localizations: Object.entries(q.texts).map(([locale, text]) => ({ locale, text })),
  }));
  const surveyId = idSequence(rng, 4_100);
  const surveys: Survey[] = SURVEYS.map((s, index) => {
    const questionIndex = QUESTIONS.findIndex((q) => q.key === s.question);
    const periods = s.periods(nowDay, spec.historyDays);
    return {
      index,
      id: surveyId(),
      questionIndex,
      defaultLocale: questions[questionIndex]?.defaultLocale ?? 'en_US',
      surveyType: s.surveyType,
      scale: s.scale,
      buttons: SCALE_BUTTONS[s.scale],
      indexType: s.indexType,
      periods,
      state: surveyState(periods, nowDay),
    };
  });

  const assignmentKey = idSequence(rng, 80_000);
  const smileyId = idSequence(rng, 560_000);
  const assignments: Assignment[] = [];
  const smileys: Smiley[] = [];
  for (const { ep, plan } of plans) {
    for (const p of plan) {
      const surveyIndex = SURVEYS.findIndex((s) => s.key === p.key);
      const sspec = SURVEYS[surveyIndex];
      if (!sspec) throw new Error(`unknown survey ${p.key}`);
      const a: Assignment = {
        index: assignments.length,
        key: assignmentKey(),
        epIndex: ep.index,
        surveyIndex,
        kind: p.kind,
        smileyIndexes: [],
        weight: sspec.weight,
      };
      assignments.push(a);
      for (let k = 0; k < p.devices; k++) {
        const id = smileyId();
        const type =
          p.kind === 'TERMINAL' ? 'SMILEY_TERMINAL' : p.kind === 'TABLET' ? 'SMILEY_TOUCH' : 'SMILEY_DIGITAL';
        const hourly = p.hourly
          ? (p.hourly[k] ?? false)
          : p.kind === 'TERMINAL' && ep.index >= 4 && rng() < 0.12;
        const ui: Ui =
          p.ui ??
          (p.kind === 'TERMINAL'
            ? rng() < 0.15
              ? 'touchless'
              : 'physical'
            : p.kind === 'TABLET'
              ? 'digital'
              : 'link');
        const label = p.kind === 'TERMINAL' ? 'Terminal' : p.kind === 'TABLET' ? 'Touch' : 'Web';
        smileys.push({
          index: smileys.length,
          id,
          name: `${label} ${k + 1} · ${ep.name.split('\n')[0] ?? ''} · ${p.key}`,
          serialNumber: `${p.kind === 'WEB' ? 'WEB' : 'HS'}-${String(id).padStart(8, '0')}`,
          token: `smly_${((id * 2654435761) >>> 0).toString(16).padStart(8, '0')}${(seed >>> 0).toString(16)}`,
          type,
          ui,
          epIndex: ep.index,
          assignmentIndex: a.index,
          hourlySums: hourly,
        });
        a.smileyIndexes.push(smileys.length - 1);
      }
    }
  }
  return {
    companyName: COMPANY_NAME,
    nodes,
    experiencePoints,
    zoneNames,
    questions,
    surveys,
    assignments,
    smileys,
  };
}

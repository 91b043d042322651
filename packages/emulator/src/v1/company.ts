// A v1 company: one world seen through v1 keys (folders, four-button surveys, questions) and the v1 JSON shapes.
import type { ZoneClock } from '../world/timeZones.ts';
import type {
  Assignment,
  ExperiencePoint,
  FollowupOption,
  Question,
  Survey,
  TreeNode,
  World,
} from '../world/types.ts';
import { pressesByAssignment } from '../world/world.ts';
import { ZoneFormatter } from './timestamps.ts';

export const SURVEY_STATES = ['active', 'ended', 'starting'] as const;
export type SurveyStateV1 = (typeof SURVEY_STATES)[number];

/** A v1 survey: one (experience point, four-button v2 survey) assignment. */
export interface V1Survey {
  key: number;
  assignment: Assignment;
  survey: Survey;
  ep: ExperiencePoint;
  node: TreeNode;
  zone: ZoneClock;
  /** Active periods as UTC instants [start, end): local midnights of the survey's local dates. */
  periods: [number, number][];
  question: Question;
}

export interface CompanyOptions {
  /** Added to every key the company shows (folders, surveys, questions, alerts, follow-ups). */
  keyOffset: number;
  /** Shown instead of the world's company name on the root folder. */
  rootName?: string;
}

/** BCP 47 form of the world's `en_US`-style locales. */
export function bcp47(locale: string): string {
  return locale.replace(/_/g, '-');
}

export class V1Company {
  readonly world: World;
  readonly offset: number;
  readonly rootName: string;
  /** Every v1 survey, by key. */
  readonly surveys: V1Survey[];
  private readonly byKey = new Map<number, V1Survey>();
  private readonly byAssignment = new Map<number, V1Survey>();
  private readonly byNode = new Map<number, V1Survey[]>();
  private readonly children: TreeNode[][];
  private readonly optionJson = new Map<number, string>();

  constructor(world: World, options: CompanyOptions) {
    this.world = world;
    this.offset = options.keyOffset;
    this.rootName = options.rootName ?? world.companyName;
    this.children = world.nodes.map(() => []);
    for (const n of world.nodes) {
      if (n.parentId === null) continue;
      const parent = world.nodeById.get(n.parentId);
      if (parent) this.children[parent.index]?.push(n);
    }
    const surveys: V1Survey[] = [];
    for (const a of world.assignments) {
      const survey = world.surveys[a.surveyIndex];
      const ep = world.experiencePoints[a.epIndex];
      const node = ep && world.nodes[ep.nodeIndex];
      const zone = ep && world.zones[ep.zoneIndex];
      const question = survey && world.questions[survey.questionIndex];
      if (!survey || survey.buttons !== 4 || !ep || !node || !zone || !question) continue;
      const periods = survey.periods.map((p): [number, number] => [
        zone.localMidnight(p.startDay),
        zone.localMidnight(p.endDay),
      ]);
      surveys.push({ key: a.key + this.offset, assignment: a, survey, ep, node, zone, periods, question });
    }
    surveys.sort((x, y) => x.key - y.key);
    this.surveys = surveys;
    for (const s of surveys) {
      this.byKey.set(s.key, s);
      this.byAssignment.set(s.assignment.index, s);
      const list = this.byNode.get(s.node.index) ?? [];
      list.push(s);
      this.byNode.set(s.node.index, list);
    }
  }

  get root(): TreeNode {
    const root = this.world.nodes[0];
    if (!root) throw new Error('world has no tree');
    return root;
  }

  folderKey(node: TreeNode): number {
    return node.id + this.offset;
  }

  folderName(node: TreeNode): string {
    return node.parentId === null ? this.rootName : node.name;
  }

  folder(key: number): TreeNode | undefined {
    return this.world.nodeById.get(key - this.offset);
  }

  childrenOf(node: TreeNode): TreeNode[] {
    return this.children[node.index] ?? [];
  }

  survey(key: number): V1Survey | undefined {
    return this.byKey.get(key);
  }

  surveyOfAssignment(assignmentIndex: number): V1Survey | undefined {
    return this.byAssignment.get(assignmentIndex);
  }

  surveysAt(node: TreeNode): V1Survey[] {
    return this.byNode.get(node.index) ?? [];
  }

  /** v1 surveys whose folder lies in a node's subtree. */
  surveysUnder(node: TreeNode): V1Survey[] {
    return this.surveys.filter((s) => s.node.index >= node.index && s.node.index < node.subtreeEnd);
  }

  questionKey(q: Question): number {
    return q.id + this.offset;
  }

  question(key: number): Question | undefined {
    return this.world.questionById.get(key - this.offset);
  }

  /** The company's questions by key. */
  questions(): Question[] {
    return [...this.world.questions].sort((a, b) => a.id - b.id);
  }

  /** Press indexes of a survey in time order. */
  presses(s: V1Survey): Uint32Array {
    return pressesByAssignment(this.world)[s.assignment.index] ?? new Uint32Array();
  }

  /** DECISIONS.md: active = now inside a period; starting = none contains now and one starts later; ended = all over. */
  state(s: V1Survey): SurveyStateV1 | undefined {
    const now = this.world.now;
    if (s.periods.length === 0) return undefined;
    if (s.periods.some(([a, b]) => a <= now && now < b)) return 'active';
    if (s.periods.some(([a]) => a > now)) return 'starting';
    return 'ended';
  }

  questionJson(q: Question): { key: number; name: string; locale: string } {
    return { key: this.questionKey(q), name: q.text, locale: bcp47(q.defaultLocale) };
  }

  folderRef(node: TreeNode): { key: number; name: string } {
    return { key: this.folderKey(node), name: this.folderName(node) };
  }

  /** A Survey object; `folder` and `surveyType` only where api-v1.md §2.3 says they are present. */
  surveyJson(s: V1Survey, withFolder: boolean, withType: boolean): Record<string, unknown> {
    const fmt = new ZoneFormatter(s.zone);
    return {
      key: s.key,
      question: this.questionJson(s.question),
      ...(withFolder && { folder: this.folderRef(s.node) }),
      timeZone: s.ep.zone,
      ...(s.periods.length > 0 && {
        activePeriods: s.periods.map(([start, end]) => ({ start: fmt.format(start), end: fmt.format(end) })),
      }),
      ...(withType && { surveyType: s.assignment.kind }),
    };
  }

  /** `{"key":…,"name":…}` of a follow-up option (text in the question's default locale). */
  followupJson(option: FollowupOption): string {
    let text = this.optionJson.get(option.index);
    if (text === undefined) {
      text = JSON.stringify({ key: option.id + this.offset, name: option.text });
      this.optionJson.set(option.index, text);
    }
    return text;
  }
}

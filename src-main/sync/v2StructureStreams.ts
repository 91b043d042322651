// The v2 lists replaced whole per sync (definitions, people, devices, custom data): each fetched completely, then
// stored in one transaction together with its stream's checkpoint.
import { alertSpecificationsResource } from '../api/v2/alerts.ts';
import { fetchAll } from '../api/v2/list.ts';
import type { ListResource } from '../api/v2/list.ts';
import {
  customDataFieldsResource,
  customDataValuesResource,
  smileysResource,
  usersResource,
} from '../api/v2/people.ts';
import {
  fetchSurveyExperiencePoints,
  followupOptionLocalizationsResource,
  followupOptionsResource,
  followupQuestionLocalizationsResource,
  followupQuestionsResource,
  questionLocalizationsResource,
  questionsResource,
  surveysResource,
} from '../api/v2/structure.ts';
import { invalid } from '../api/validate.ts';
import type { StructureKind, StructureRows } from '../store/repos/v2StructureRepo.ts';
import type { StreamContext, StreamOutcome } from './v2WindowStreams.ts';

/** The checkpoint of a replaced-whole stream: when (the checkpoint's updated_at) and how many rows. */
export interface ReplacedCursor {
  v: 1;
  kind: 'replaced';
  rows: number;
}

export interface StructureStream {
  stream: string;
  endpoint: string;
  run(ctx: StreamContext): Promise<StreamOutcome>;
}

/** A duplicate key makes the replace fail inside SQLite; say which list was at fault instead. */
function storing<T>(endpoint: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
    if (code.startsWith('SQLITE_CONSTRAINT'))
      throw invalid({ endpoint }, `the list holds the same record twice or a value out of range (${code})`);
    throw error;
  }
}

function replaced<K extends StructureKind>(
  kind: K,
  resource: ListResource<StructureRows[K]>,
  stream: string,
): StructureStream {
  return {
    stream,
    endpoint: resource.endpoint,
    async run({ store, client, signal }) {
      const rows = await fetchAll(client, resource, {}, signal);
      const cursor: ReplacedCursor = { v: 1, kind: 'replaced', rows: rows.length };
      const n = storing(resource.endpoint, () =>
        store.v2Resources.structure.replace(kind, rows, { stream, cursor }),
      );
      return { items: rows.length, pages: 1, rowsWritten: n };
    },
  };
}

/** Surveys, and for each the authorised experience points running it (one request per survey). */
const surveys: StructureStream = {
  stream: 'v2:surveys',
  endpoint: surveysResource.endpoint,
  async run({ store, client, signal }) {
    const list = await fetchAll(client, surveysResource, {}, signal);
    const points = new Map<number, number[]>();
    for (const s of list)
      points.set(s.surveyId, await fetchSurveyExperiencePoints(client, s.surveyId, signal));
    const cursor: ReplacedCursor = { v: 1, kind: 'replaced', rows: list.length };
    const n = storing(surveysResource.endpoint, () =>
      store.v2Resources.structure.replaceSurveys(list, points, { stream: 'v2:surveys', cursor }),
    );
    return {
      items: list.length + [...points.values()].reduce((s, p) => s + p.length, 0),
      pages: 1 + list.length,
      rowsWritten: n,
    };
  },
};

export const structureStreams: readonly StructureStream[] = [
  surveys,
  replaced('questions', questionsResource, 'v2:questions'),
  replaced('questionLocalizations', questionLocalizationsResource, 'v2:question-localizations'),
  replaced('followupQuestions', followupQuestionsResource, 'v2:follow-up-questions'),
  replaced(
    'followupQuestionLocalizations',
    followupQuestionLocalizationsResource,
    'v2:follow-up-question-localizations',
  ),
  replaced('followupOptions', followupOptionsResource, 'v2:follow-up-options'),
  replaced(
    'followupOptionLocalizations',
    followupOptionLocalizationsResource,
    'v2:follow-up-option-localizations',
  ),
  replaced('customDataFields', customDataFieldsResource, 'v2:company-custom-data'),
  replaced('customDataValues', customDataValuesResource, 'v2:experience-point-custom-data'),
  replaced('alertSpecifications', alertSpecificationsResource, 'v2:alert-specifications'),
  replaced('users', usersResource, 'v2:users'),
  replaced('smileys', smileysResource, 'v2:smileys'),
];

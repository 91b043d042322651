// The survey definitions the analytics need to tell scales apart (v2 surveys and questions), synced on their own.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import { structureStreams } from './v2StructureStreams.ts';

/** Surveys (with their feedback scale) and questions (the fallback name of a survey without its own text). */
export const surveyDefinitionStreams = ['v2:surveys', 'v2:questions'] as const;

export interface SurveyDefinitionsOptions {
  store: Store;
  client: V2Client;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

/**
 * Replaces the stored surveys and questions with the service's lists (the same streams and checkpoints as
 * `syncV2Resources`, so a later full resource sync agrees). A few requests (one per survey for its points): the
 * press sync's per-scale views need them. A cancel resolves 'cancelled'; a token without `structure:read` (403)
 * resolves 'not-permitted' and keeps what was stored; other failures throw.
 */
export async function syncSurveyDefinitions(
  options: SurveyDefinitionsOptions,
): Promise<'done' | 'cancelled' | 'not-permitted'> {
  const { store, client, signal } = options;
  const emit = options.onProgress ?? (() => undefined);
  const streams = structureStreams.filter((s) =>
    (surveyDefinitionStreams as readonly string[]).includes(s.stream),
  );
  for (const s of streams) {
    if (signal?.aborted) return 'cancelled';
    emit({ stream: s.stream, phase: 'running', items: 0, pages: 0, fraction: null });
    try {
      const outcome = await s.run({ store, client, signal, emit });
      emit({ stream: s.stream, phase: 'done', items: outcome.items, pages: outcome.pages, fraction: null });
    } catch (error) {
      if (signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled')) {
        emit({ stream: s.stream, phase: 'cancelled', items: 0, pages: 0, fraction: null });
        return 'cancelled';
      }
      if (error instanceof ApiError && error.kind === 'auth' && error.status === 403) {
        emit({ stream: s.stream, phase: 'done', items: 0, pages: 0, fraction: null, message: error.message });
        return 'not-permitted';
      }
      throw error;
    }
  }
  return 'done';
}

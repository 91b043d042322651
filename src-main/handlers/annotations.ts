// Handlers of the annotations domain: the analyst's notes beside the active store, each with its before/after.
import type { AnnotationCommands, DomainHandlers } from '#shared/contract.ts';
import { fail, ok, type Result } from '#shared/contract.ts';
import {
  AnnotationFileError,
  addAnnotation,
  exportAnnotations,
  importAnnotations,
  listAnnotations,
  removeAnnotation,
  updateAnnotation,
} from '../app/annotationService.ts';
import { guard, withArgs, type HandlerContext } from './context.ts';

/** A note that cannot be read, added, removed or imported is said in the service's own sentence. */
function said<T>(body: () => Result<T>): Result<T> {
  try {
    return body();
  } catch (error) {
    if (error instanceof AnnotationFileError) return fail('bad-request', error.message);
    throw error;
  }
}

export function createAnnotationHandlers(ctx: HandlerContext): DomainHandlers<AnnotationCommands> {
  return {
    'annotations:list': (args) =>
      withArgs('annotations:list', 'The notes request', args, (a) =>
        said(() => ok(listAnnotations(ctx.store(), a))),
      ),
    'annotations:add': (args) =>
      withArgs('annotations:add', 'The note', args, (a) => said(() => ok(addAnnotation(ctx.storePath(), a)))),
    'annotations:update': (args) =>
      withArgs('annotations:update', 'The changed note', args, ({ id, ...rest }) =>
        said(() => ok(updateAnnotation(ctx.storePath(), id, rest))),
      ),
    'annotations:remove': (args) =>
      withArgs('annotations:remove', 'The note to remove', args, (a) =>
        said(() => ok(removeAnnotation(ctx.storePath(), a.id))),
      ),
    'annotations:export': () => guard(() => said(() => ok({ json: exportAnnotations(ctx.storePath()) }))),
    'annotations:import': (args) =>
      withArgs('annotations:import', 'The notes to import', args, (a) =>
        said(() => ok(importAnnotations(ctx.storePath(), a.json))),
      ),
  };
}

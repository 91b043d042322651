// Handlers of the analytics domain: QuerySpecs and the scales overview, answered from the local store only.
import type { AnalyticsCommands, DomainHandlers } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { listScales } from '../analytics/scales.ts';
import { answerQuery } from '../app/queryService.ts';
import { withArgs, type HandlerContext } from './context.ts';

export function createAnalyticsHandlers(ctx: HandlerContext): DomainHandlers<AnalyticsCommands> {
  return {
    // The spec comes from the renderer: its shape and meaning are checked before it reaches SQL.
    'analytics:query': (args) =>
      withArgs('analytics:query', 'The query', args, (spec) => ok(answerQuery(ctx.store(), spec))),
    'analytics:scales': (args) =>
      withArgs('analytics:scales', 'The scales request', args, (checked) =>
        ok(listScales(ctx.store().db, checked.experiencePointIds)),
      ),
  };
}

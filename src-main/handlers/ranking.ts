// Handlers of the ranking domain: points or groups ranked by a measure with a small-sample correction.
import type { DomainHandlers, RankingCommands } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { rank } from '../analytics/ranking.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createRankingHandlers(ctx: HandlerContext): DomainHandlers<RankingCommands> {
  return {
    'ranking:rank': (args) =>
      withArgs('ranking:rank', 'The ranking request', args, (a) =>
        badDates('The ranking request', () => ok(rank(ctx.store().db, a))),
      ),
  };
}

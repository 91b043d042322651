// Handlers of the follow-ups domain: pain points and highlights, and their trend, from the local store only.
import type { DomainHandlers, FollowupCommands } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { followupSummary, followupTrend } from '../analytics/followups.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createFollowupHandlers(ctx: HandlerContext): DomainHandlers<FollowupCommands> {
  return {
    'followups:summary': (args) =>
      withArgs('followups:summary', 'The follow-up request', args, (a) =>
        badDates('The follow-up request', () => ok(followupSummary(ctx.store().db, a))),
      ),
    'followups:trend': (args) =>
      withArgs('followups:trend', 'The follow-up trend request', args, (a) =>
        badDates('The follow-up trend request', () => ok(followupTrend(ctx.store().db, a))),
      ),
  };
}

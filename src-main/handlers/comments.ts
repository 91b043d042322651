// Handlers of the comments domain: full-text search pages and counts by category and theme, from the local store.
import type { CommentCommands, DomainHandlers } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { countComments, searchCommentPage } from '../analytics/comments.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createCommentHandlers(ctx: HandlerContext): DomainHandlers<CommentCommands> {
  return {
    'comments:search': (args) =>
      withArgs('comments:search', 'The comment search', args, (a) =>
        badDates('The comment search', () => ok(searchCommentPage(ctx.store().db, a))),
      ),
    'comments:counts': (args) =>
      withArgs('comments:counts', 'The comment counts request', args, (a) =>
        badDates('The comment counts request', () => ok(countComments(ctx.store().db, a))),
      ),
  };
}

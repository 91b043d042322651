// Handlers of the "why did it change" domain: a score's change split over the children or surveys of a selection.
import type { DomainHandlers, ExplainCommands } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { explainChange } from '../analytics/explain.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createExplainHandlers(ctx: HandlerContext): DomainHandlers<ExplainCommands> {
  return {
    'analytics:explain': (args) =>
      withArgs('analytics:explain', 'The explanation request', args, (a) =>
        badDates('The explanation request', () => ok(explainChange(ctx.store().db, a))),
      ),
  };
}

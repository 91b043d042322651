// Handlers of the reconciliation domain: v1 summed vs v1 raw vs v2 per day and survey, and the last verification.
import type { DomainHandlers, ReconciliationCommands } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { reconcile } from '../analytics/reconciliation.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createReconciliationHandlers(ctx: HandlerContext): DomainHandlers<ReconciliationCommands> {
  return {
    'reconciliation:daily': (args) =>
      withArgs('reconciliation:daily', 'The reconciliation request', args, (a) =>
        badDates('The reconciliation request', () => ok(reconcile(ctx.store().db, a))),
      ),
  };
}

// Handlers of the anomalies domain: the unusual days and hours of a selection's points and groups.
import type { AnomalyCommands, DomainHandlers } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { answerAnomalies } from '../app/anomalyService.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createAnomalyHandlers(ctx: HandlerContext): DomainHandlers<AnomalyCommands> {
  return {
    'analytics:anomalies': (args) =>
      withArgs('analytics:anomalies', 'The anomaly request', args, (a) =>
        badDates('The anomaly request', () => ok(answerAnomalies(ctx.store(), a))),
      ),
  };
}

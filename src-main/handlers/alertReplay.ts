// Handlers of the alert replay domain: the specifications replayed over the stored presses against the service's
// alerts, and "what if" one of them had another threshold or window (app/alertReplayService.ts).
import type { AlertReplayCommands, DomainHandlers } from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { AlertReplayNotFound, replayAlertSpecifications } from '../app/alertReplayService.ts';
import { withArgs, type HandlerContext } from './context.ts';

export function createAlertReplayHandlers(ctx: HandlerContext): DomainHandlers<AlertReplayCommands> {
  return {
    'alerts:replay': (args) =>
      withArgs('alerts:replay', 'The alert replay request', args, (a) => {
        try {
          return ok(replayAlertSpecifications(ctx.store().db, a));
        } catch (e) {
          if (e instanceof AlertReplayNotFound) return fail('not-found', e.message);
          throw e;
        }
      }),
  };
}

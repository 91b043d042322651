// Handlers of the alerts domain: pages of alerts with acknowledgements and comments, and alerts per day.
import type { AlertCommands, DomainHandlers } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { alertsPerDay, listAlerts } from '../analytics/alerts.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createAlertHandlers(ctx: HandlerContext): DomainHandlers<AlertCommands> {
  return {
    'alerts:list': (args) =>
      withArgs('alerts:list', 'The alert list request', args, (a) =>
        badDates('The alert list request', () => ok(listAlerts(ctx.store().db, a))),
      ),
    'alerts:perDay': (args) =>
      withArgs('alerts:perDay', 'The alerts-per-day request', args, (a) =>
        badDates('The alerts-per-day request', () => ok(alertsPerDay(ctx.store().db, a.filter))),
      ),
  };
}

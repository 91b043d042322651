// Handlers of the people domain: distributions of demographics and of contact details, from the local store.
import type { DomainHandlers, PeopleCommands } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { contacts, demographics } from '../analytics/people.ts';
import { withArgs, type HandlerContext } from './context.ts';
import { badDates } from './queryErrors.ts';

export function createPeopleHandlers(ctx: HandlerContext): DomainHandlers<PeopleCommands> {
  return {
    'people:demographics': (args) =>
      withArgs('people:demographics', 'The demographics request', args, (a) =>
        badDates('The demographics request', () => ok(demographics(ctx.store().db, a.filter ?? {}))),
      ),
    'people:contacts': (args) =>
      withArgs('people:contacts', 'The contact details request', args, (a) =>
        badDates('The contact details request', () => ok(contacts(ctx.store().db, a.filter ?? {}))),
      ),
  };
}

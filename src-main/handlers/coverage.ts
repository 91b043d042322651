// Handler of the coverage query: how far back the active local file's history is complete (newest-first sync).
import type { CoverageCommands, DomainHandlers } from '#shared/contract.ts';
import { ok } from '#shared/contract.ts';
import { storedCoverage } from '../sync/coverage.ts';
import { guard, type HandlerContext } from './context.ts';

export function createCoverageHandlers(ctx: HandlerContext): DomainHandlers<CoverageCommands> {
  return { 'sync:coverage': () => guard(() => ok(storedCoverage(ctx.store()))) };
}

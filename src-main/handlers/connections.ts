// Handlers of the connections domain: connection profiles (list, test, save, switch, remove) and sync-on-start.
import type { ConnectionsCommands, DomainHandlers, Result } from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { withArgs, type HandlerContext } from './context.ts';

export function createConnectionsHandlers(ctx: HandlerContext): DomainHandlers<ConnectionsCommands> {
  const { connections } = ctx;
  const busy = <T>(): Result<T> =>
    fail('busy', 'A sync is running. Wait for it to finish, or cancel it, before changing profiles.');
  /** The services follow the active profile: its file, or the demo's. */
  const follow = (name: string | null): void => {
    const profile = connections.activate(name);
    ctx.useStorePath(profile ? ctx.profiles.storePath(profile) : ctx.deps.storePath);
  };

  return {
    'connections:list': (args) =>
      withArgs('connections:list', 'The request', args, async () => ok(await connections.state())),
    'connections:test': (args) =>
      withArgs('connections:test', 'The connection', args, async (draft) =>
        ok(await connections.test(draft)),
      ),
    'connections:save': (args) =>
      withArgs('connections:save', 'The profile', args, async (draft) => {
        if (ctx.sync.running) return busy();
        const { test, saved } = await connections.save(draft);
        if (!saved) return ok({ test, state: null });
        ctx.useStorePath(ctx.profiles.storePath(saved));
        return ok({ test, state: await connections.state() });
      }),
    'connections:switch': (args) =>
      withArgs('connections:switch', 'The profile', args, async ({ name }) => {
        if (ctx.sync.running) return busy();
        if (name !== null && !ctx.profiles.find(name))
          return fail('not-found', `There is no profile named '${name}'.`);
        follow(name);
        return ok(await connections.state());
      }),
    'connections:remove': (args) =>
      withArgs('connections:remove', 'The profile', args, async ({ name, deleteData }) => {
        if (ctx.sync.running) return busy();
        const profile = ctx.profiles.find(name);
        if (!profile) return fail('not-found', `There is no profile named '${name}'.`);
        // Close the file before deleting it; the demo's file becomes active when the removed one was.
        if (ctx.storePath() === ctx.profiles.storePath(profile)) ctx.useStorePath(ctx.deps.storePath);
        const { deletedFiles } = await connections.remove(name, deleteData);
        return ok({ state: await connections.state(), deletedFiles });
      }),
    'connections:setSyncOnStart': (args) =>
      withArgs('connections:setSyncOnStart', 'The setting', args, async ({ enabled }) => {
        connections.setSyncOnStart(enabled);
        return ok(await connections.state());
      }),
  };
}

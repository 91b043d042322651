// IPC registration and the preload bridge, wired together through a small in-memory ipc pair (no Electron loaded).
import { describe, expect, it } from 'vitest';
import { createBridge, type IpcRendererLike } from '../../src-preload/bridge.ts';
import {
  commandNames,
  fail,
  ok,
  type CommandName,
  type Events,
  type Handlers,
  type QuerySpec,
} from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import {
  forwardEvents,
  registerIpcHandlers,
  senderFromOrigin,
  type IpcHandleRegistry,
  type IpcInvokeEvent,
  type SubscribeToEvent,
} from './register.ts';

type Listener = (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>;

/** Plays ipcMain and ipcRenderer for one window whose frame URL the test chooses. */
function ipcPair(frameUrl: string | null) {
  const handlers = new Map<string, Listener>();
  const rendererListeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const main: IpcHandleRegistry = {
    handle(channel, listener) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
  };
  const renderer: IpcRendererLike = {
    async invoke(channel, ...args) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      // Electron structured-clones arguments; JSON round-trips are close enough for plain data.
      const cloned = args.map((a) => (a === undefined ? a : JSON.parse(JSON.stringify(a))));
      return handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...cloned);
    },
    on(channel, listener) {
      const set = rendererListeners.get(channel) ?? new Set();
      set.add(listener);
      rendererListeners.set(channel, set);
    },
    removeListener(channel, listener) {
      rendererListeners.get(channel)?.delete(listener);
    },
  };
  const send = (channel: string, payload: unknown): void =>
    rendererListeners.get(channel)?.forEach((l) => l({ sender: 'ipcRenderer itself' }, payload));
  return { main, renderer, handlers, send, rendererListeners };
}

function smallHandlers(calls: string[]): Handlers {
  return withStubs({
    'app:getState': async () => ok({ hasData: false, storePath: '/x', lastSync: null, syncing: false }),
    'tree:list': async () => {
      calls.push('tree:list');
      return ok([{ experiencePointId: 7, name: '<b>Lobby</b>', parent: null, type: 'EXPERIENCE_POINT' }]);
    },
    'analytics:query': async (spec: QuerySpec) => {
      calls.push(`query ${JSON.stringify(spec.filter)}`);
      return ok([{ buttonIndex: 1, count: 2 }]);
    },
    'analytics:scales': async () => ok({ scales: [], unknown: [] }),
    'demo:explore': async () => {
      throw new Error('boom with details');
    },
    'sync:cancel': async () => ok({ cancelled: false }),
    'store:rebuild': async () => ok({ setAsidePath: null }),
  });
}

const appOrigin = 'app://renderer';

function setup(frameUrl: string | null = 'app://renderer/index.html') {
  const calls: string[] = [];
  const pair = ipcPair(frameUrl);
  const errors: CommandName[] = [];
  registerIpcHandlers({
    ipc: pair.main,
    handlers: smallHandlers(calls),
    isTrustedSender: senderFromOrigin(appOrigin),
    onHandlerError: (c) => errors.push(c),
  });
  return { ...pair, calls, errors, bridge: createBridge(pair.renderer) };
}

describe('registerIpcHandlers + preload bridge', () => {
  it('registers exactly one namespaced channel per contract command', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(commandNames.map((c) => `feedback-desk:invoke:${c}`).sort());
  });

  it('carries a command and its Result across', async () => {
    const { bridge, calls } = setup();
    expect(await bridge.invoke('tree:list', {})).toEqual(
      ok([{ experiencePointId: 7, name: '<b>Lobby</b>', parent: null, type: 'EXPERIENCE_POINT' }]),
    );
    const rows = await bridge.invoke('analytics:query', {
      measures: ['count'],
      groupBy: ['buttonIndex'],
      filter: { experiencePointIds: [7] },
    });
    expect(rows).toEqual(ok([{ buttonIndex: 1, count: 2 }]));
    expect(calls).toEqual(['tree:list', 'query {"experiencePointIds":[7]}']);
  });

  it.each([
    ['https://evil.example/'],
    ['app://other/index.html'],
    ['file:///etc/passwd'],
    ['not a url'],
    [null],
  ])('refuses a sender frame at %s without running the handler', async (url) => {
    const { bridge, calls } = setup(url);
    const result = await bridge.invoke('tree:list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(calls).toEqual([]);
  });

  it('refuses bad arguments and extra arguments without running the handler', async () => {
    const { bridge, renderer, calls } = setup();
    const badSpec = JSON.parse(
      '{"measure":"counts","groupBy":["day"],"filter":{"experiencePointIds":"all"}}',
    );
    expect(await bridge.invoke('analytics:query', badSpec)).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    expect(await renderer.invoke('feedback-desk:invoke:tree:list', {}, 'second')).toMatchObject({
      ok: false,
    });
    expect(calls).toEqual([]);
  });

  it('turns a thrown error into a generic internal error', async () => {
    const { bridge, errors } = setup();
    const result = await bridge.invoke('demo:explore', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('details');
    expect(errors).toEqual(['demo:explore']);
  });

  it('the bridge refuses commands outside the contract before touching IPC', async () => {
    const { bridge } = setup();
    const invoke: (command: string, args: unknown) => Promise<unknown> = bridge.invoke.bind(bridge) as never;
    expect(await invoke('shell:openExternal', {})).toEqual(fail('bad-request', 'Unknown command.'));
  });

  it('forwards events to listeners with the payload only, and unsubscribes', () => {
    const { bridge, send, rendererListeners } = setup();
    const listeners = new Set<(p: Events['sync:progress']) => void>();
    const subscribed: string[] = [];
    const onEvent: SubscribeToEvent = (name, listener) => {
      subscribed.push(name);
      if (name !== 'sync:progress') return () => undefined;
      const l = listener as (p: Events['sync:progress']) => void; // the event this test sends
      listeners.add(l);
      return () => listeners.delete(l);
    };
    const stop = forwardEvents(onEvent, send);
    const got: unknown[][] = [];
    const off = bridge.on('sync:progress', (...args: unknown[]) => got.push(args));
    const progress = {
      stream: 'v2:button-feedbacks',
      phase: 'running',
      items: 3,
      pages: 1,
      fraction: 0.1,
    } as const;
    expect(subscribed).toEqual(['sync:progress', 'app:menu', 'store:migration']); // every event of the contract is forwarded
    listeners.forEach((l) => l(progress));
    expect(got).toEqual([[progress]]);
    off();
    listeners.forEach((l) => l(progress));
    expect(got).toHaveLength(1);
    expect(rendererListeners.get('feedback-desk:event:sync:progress')?.size).toBe(0);
    stop();
    expect(listeners.size).toBe(0);
    const onUnknown: (event: string, l: () => void) => () => void = bridge.on.bind(bridge) as never;
    expect(onUnknown('ipc:raw', () => {})).toBeTypeOf('function');
    expect(rendererListeners.has('feedback-desk:event:ipc:raw')).toBe(false);
  });
});

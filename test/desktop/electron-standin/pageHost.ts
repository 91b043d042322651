// The window's preload host, run in the page before any of its scripts (an init script): Electron's sandboxed
// `require` (electron only), `contextBridge` and `ipcRenderer`, then the built preload itself. Arguments to main go
// through structuredClone first, as Electron's IPC does, so what Electron refuses (a Vue reactive proxy, a function)
// is refused here with Electron's words. `pageHost` is serialised with toString(): it must not use anything outside.

export interface PageHostOptions {
  /**
   * The CDP binding (Runtime.addBinding, the stand-in's own, not Playwright's shared one) that carries an invoke to
   * main as JSON; taken into the host's closure, then removed from the page.
   */
  invokeBinding: string;
  /** The global main calls with an invoke's answer (non-writable, non-enumerable). */
  replyHook: string;
  /** The global main's `webContents.send` calls to deliver an event (non-writable, non-enumerable). */
  eventHook: string;
}

type Answer = { ok: true; value: unknown } | { ok: false; message: string };
type Listener = (event: unknown, ...args: unknown[]) => void;

export function pageHost(options: PageHostOptions): { require: (name: string) => unknown } {
  const g = globalThis as unknown as Record<string, unknown>;
  const post = g[options.invokeBinding] as (message: string) => void;
  // Only what the preload exposes may reach main; the raw channel is the host's alone.
  delete g[options.invokeBinding];
  const pending = new Map<number, (answer: Answer) => void>();
  let nextId = 1;
  Object.defineProperty(g, options.replyHook, {
    value: (id: number, answer: Answer) => {
      pending.get(id)?.(answer);
      pending.delete(id);
    },
  });
  // JSON carries the (already cloned) arguments; an `undefined` argument is marked, so main sees it as undefined.
  const binding = (channel: string, args: unknown[]): Promise<Answer> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      const missing = args.flatMap((a, i) => (a === undefined ? [i] : []));
      post(JSON.stringify({ id, channel, args, missing, frameUrl: (g.location as { href: string }).href }));
    });
  const listeners = new Map<string, Set<Listener>>();
  const clone = (args: unknown[]): unknown[] => {
    try {
      return structuredClone(args);
    } catch {
      throw new Error('An object could not be cloned.');
    }
  };
  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      const answer = await binding(String(channel), clone(args));
      if (!answer.ok) throw new Error(answer.message);
      return answer.value;
    },
    on(channel: string, listener: Listener) {
      const set = listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(channel, set);
      return ipcRenderer;
    },
    once(channel: string, listener: Listener) {
      const once: Listener = (event, ...args) => {
        ipcRenderer.removeListener(channel, once);
        listener(event, ...args);
      };
      return ipcRenderer.on(channel, once);
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    removeAllListeners(channel?: string) {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
  };
  Object.defineProperty(g, options.eventHook, {
    value: (channel: string, payload: unknown) =>
      listeners.get(channel)?.forEach((listener) => listener({ sender: ipcRenderer }, payload)),
  });
  // contextBridge: the page gets a frozen copy whose functions call the preload's (values are copied as plain data).
  const bridged = (value: unknown): unknown => {
    if (typeof value === 'function')
      return (...args: unknown[]) => (value as (...a: unknown[]) => unknown)(...args);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = bridged(inner);
    return Object.freeze(copy);
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      if (key in g) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
      Object.defineProperty(g, key, { value: bridged(api), enumerable: true });
    },
  };
  const sandboxed: Record<string, unknown> = { electron: { contextBridge, ipcRenderer } };
  return {
    require(name: string) {
      if (Object.hasOwn(sandboxed, name)) return sandboxed[name];
      throw new Error(`module not found: ${name} (a sandboxed preload may require electron only here)`);
    },
  };
}

/** The init script: the host, then the built preload (CommonJS) inside a function given the host's `require`. */
export function pageHostScript(options: PageHostOptions, preloadSource: string | null): string {
  return [
    '(() => {',
    `const host = (${pageHost.toString()})(${JSON.stringify(options)});`,
    'const module = { exports: {} };',
    '(function (require, module, exports) {',
    preloadSource ?? '',
    '\n})(host.require, module, module.exports);',
    '})();',
  ].join('\n');
}

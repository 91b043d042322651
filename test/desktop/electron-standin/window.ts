// BrowserWindow and its webContents as one page of the stand-in's Chromium, and ipcMain. The window's preload runs in
// the page (pageHost.ts); `ipcRenderer.invoke` reaches `ipcMain.handle` through a Playwright binding whose event names
// the sending frame by its app:// URL, as Electron's senderFrame does, so the app's sender check applies unchanged.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { toAppUrl, toPageUrl } from './browser.ts';
import { report } from './control.ts';
import { pageHostScript } from './pageHost.ts';

type InvokeListener = (event: unknown, ...args: unknown[]) => unknown;
const handlers = new Map<string, InvokeListener>();
const invokeBinding = '__electronStandInInvoke';
const replyHook = '__electronStandInReply';
const eventHook = '__electronStandInEvent';

interface InvokeMessage {
  id: number;
  channel: string;
  args: unknown[];
  missing: number[];
  frameUrl: string;
}

export const ipcMain = Object.assign(new EventEmitter(), {
  handle(channel: string, listener: InvokeListener): void {
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, listener);
  },
  handleOnce(channel: string, listener: InvokeListener): void {
    ipcMain.handle(channel, (event, ...args) => {
      handlers.delete(channel);
      return listener(event, ...args);
    });
  },
  removeHandler(channel: string): void {
    handlers.delete(channel);
  },
});

/** Electron's DisplayBalloon: one 1920×1080 screen. */
const display = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  scaleFactor: 1,
};
export const screen = {
  getAllDisplays: () => [display],
  getPrimaryDisplay: () => display,
  getDisplayMatching: () => display,
};

interface Hooks {
  context: () => BrowserContext;
  webContentsCreated: (contents: WebContents) => void;
  windowClosed: (window: BrowserWindow) => void;
}
let hooks: Hooks | null = null;
export function connectWindows(h: Hooks): void {
  hooks = h;
}

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };
let nextId = 1;

export class WebContents extends EventEmitter {
  readonly id = nextId++;
  page: Page | null = null;
  destroyed = false;
  openHandler: OpenHandler | null = null;
  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.page ? toAppUrl(this.page.url()) : '';
  }
  /** Structured-cloned here, as Electron does, then delivered to the page's ipcRenderer listeners. */
  send(channel: string, ...args: unknown[]): void {
    const payload = structuredClone(args[0]);
    void this.page
      ?.evaluate(
        ([hook, c, p]) =>
          (globalThis as unknown as Record<string, (c: unknown, p: unknown) => void>)[hook as string]?.(c, p),
        [eventHook, channel, payload] as const,
      )
      .catch((e: unknown) => console.error('stand-in send failed', String(e)));
  }
  openDevTools(): void {}
}

export interface WindowOptions {
  width?: number;
  height?: number;
  show?: boolean;
  title?: string;
  webPreferences?: {
    preload?: string;
    sandbox?: boolean;
    contextIsolation?: boolean;
    nodeIntegration?: boolean;
  };
}

const windows = new Set<BrowserWindow>();
let focusedId: number | null = null;

export class BrowserWindow extends EventEmitter {
  readonly id: number;
  readonly webContents = new WebContents();
  private bounds: { x: number; y: number; width: number; height: number };
  private visible = false;
  private maximized = false;
  private minimized = false;
  private destroyed = false;
  private readonly ready: Promise<Page>;

  static getAllWindows(): BrowserWindow[] {
    return [...windows];
  }
  static getFocusedWindow(): BrowserWindow | null {
    return [...windows].find((w) => w.id === focusedId) ?? null;
  }
  static fromWebContents(contents: WebContents): BrowserWindow | null {
    return [...windows].find((w) => w.webContents === contents) ?? null;
  }

  constructor(options: WindowOptions & { x?: number; y?: number } = {}) {
    super();
    if (!hooks) throw new Error('Cannot create BrowserWindow before app is ready');
    const h = hooks;
    this.id = this.webContents.id;
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    const prefs = options.webPreferences ?? {};
    if (prefs.nodeIntegration || prefs.contextIsolation === false || prefs.sandbox === false)
      throw new Error('the stand-in runs sandboxed, context-isolated windows only (as the app asks for)');
    windows.add(this);
    focusedId = this.id;
    h.webContentsCreated(this.webContents);
    this.ready = this.openPage(h.context(), prefs.preload ?? null);
    if (options.show !== false) this.show();
  }

  private async openPage(context: BrowserContext, preload: string | null): Promise<Page> {
    const blank = context.pages().find((p) => p.url() === 'about:blank' && !taken.has(p));
    const page = blank ?? (await context.newPage());
    taken.add(page);
    this.webContents.page = page;
    await page.setViewportSize({ width: this.bounds.width, height: this.bounds.height });
    // A binding of this client's own CDP session: a test's Playwright client on the same browser (connectOverCDP)
    // neither sees nor answers it, as it would Playwright's shared binding.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: invokeBinding });
    cdp.on('Runtime.bindingCalled', (event: { name: string; payload: string }) => {
      if (event.name !== invokeBinding) return;
      const message = JSON.parse(event.payload) as InvokeMessage;
      const args = message.args.map((a, i) => (message.missing.includes(i) ? undefined : a));
      void this.invoke(toAppUrl(message.frameUrl), message.channel, args).then((answer) =>
        page
          .evaluate(
            ([hook, id, a]) =>
              (globalThis as unknown as Record<string, (id: unknown, a: unknown) => void>)[hook as string]?.(
                id,
                a,
              ),
            [replyHook, message.id, answer] as const,
          )
          .catch(() => undefined),
      );
    });
    const source = preload === null ? null : readFileSync(preload, 'utf8');
    await page.addInitScript({ content: pageHostScript({ invokeBinding, replyHook, eventHook }, source) });
    page.on('close', () => this.destroy());
    page.on('popup', (popup) => void this.popup(popup));
    return page;
  }

  private async invoke(frameUrl: string, channel: string, args: unknown[]): Promise<unknown> {
    const handler = handlers.get(channel);
    if (!handler)
      return {
        ok: false,
        message: `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      };
    const event = { sender: this.webContents, senderFrame: { url: frameUrl }, frameId: 1, processId: 1 };
    try {
      return { ok: true, value: structuredClone(await handler(event, ...args)) };
    } catch (error) {
      return { ok: false, message: `Error invoking remote method '${channel}': ${String(error)}` };
    }
  }

  /** window.open or a target=_blank link: the contents' window-open handler decides; a denied window never shows. */
  private async popup(popup: Page): Promise<void> {
    await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    const decision = this.webContents.openHandler?.({ url: toAppUrl(popup.url()) }) ?? { action: 'allow' };
    if (decision.action === 'deny') await popup.close().catch(() => undefined);
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.ready;
    await page.goto(toPageUrl(url));
    this.emit('ready-to-show');
    this.webContents.emit('did-finish-load');
  }

  show(): void {
    this.visible = true;
    focusedId = this.id;
    void this.ready.then((page) => report({ type: 'window-shown', id: this.id, url: page.url() }));
  }
  hide(): void {
    this.visible = false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  focus(): void {
    focusedId = this.id;
  }
  isFocused(): boolean {
    return focusedId === this.id;
  }
  maximize(): void {
    this.maximized = true;
  }
  unmaximize(): void {
    this.maximized = false;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  minimize(): void {
    this.minimized = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  isFullScreen(): boolean {
    return false;
  }
  getBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.bounds };
  }
  setBounds(bounds: Partial<{ x: number; y: number; width: number; height: number }>): void {
    this.bounds = { ...this.bounds, ...bounds };
    void this.ready.then((page) =>
      page.setViewportSize({ width: this.bounds.width, height: this.bounds.height }),
    );
  }
  setTitle(): void {}
  setMenuBarVisibility(): void {}
  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** As the user closing it: 'close' may be prevented; otherwise the page closes and 'closed' follows. */
  close(): void {
    if (this.destroyed) return;
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    windows.delete(this);
    if (focusedId === this.id) focusedId = null;
    void this.ready.then((page) => page.close().catch(() => undefined));
    this.emit('closed');
    hooks?.windowClosed(this);
  }
}

const taken = new WeakSet<Page>();

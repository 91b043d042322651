// The desktop menu's commands as the window handles them ('app:menu' from main), in happy-dom over a small in-memory
// bridge: File › Export runs the view's report (else opens the first chart's export choices, else says why not),
// File › Save as Interactive Report (HTML) runs the same report as HTML (else says why not),
// Sync › Sync now syncs with progress in the header, Settings opens Connections (on the first screen: the form).
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import {
  ok,
  type AppSyncResult,
  type MenuCommand,
  type ReportExportArgs,
  type SyncProgress,
} from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../client.ts';
import { setClock } from '../clock.ts';
import AppHeader from '../components/layout/AppHeader.vue';
import ExportMenu from '../components/export/ExportMenu.vue';
import ReportExportButton from '../components/export/ReportExportButton.vue';
import { setFormatLocale } from '../i18n/format.ts';
import { createAppI18n } from '../i18n/index.ts';
import { useAppStore } from '../stores/appStore.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import FirstLaunchView from '../views/FirstLaunchView.vue';
import { useMenuCommands } from './useMenuCommands.ts';

let bridge: HandlersBridge;
/** sync:run waits for this to be called (so the test sees the running state), then answers. */
let finishSync: ((r: AppSyncResult) => void) | null = null;
const synced: AppSyncResult = {
  profile: 'Acme',
  streams: [],
  feedbackTotal: 12_345,
  seconds: 125,
  verification: {
    from: '2026-01-01',
    to: '2026-03-04',
    localTotal: 12_000,
    serviceTotal: 12_000,
    groupsCompared: 40,
    mismatchCount: 0,
    mismatchDays: [],
  },
  verificationNote: null,
  afterSyncNote: null,
};

function handlers(hasData: boolean) {
  return withStubs({
    'app:getState': async () => ok({ hasData, storePath: '/tmp/a.sqlite', lastSync: null, syncing: false }),
    'analytics:scales': async () => ok({ scales: [], unknown: [] }),
    'export:report': async ({ format }) =>
      ok({ kind: 'saved', path: `/home/ana/Reports/overview.${format ?? 'pdf'}` }),
    'sync:run': () => new Promise((done) => (finishSync = (r) => done(ok(r)))),
    'sync:cancel': async () => ok({ cancelled: true }),
    'sync:history': async () => ok([]),
    'connections:list': async () =>
      ok({
        profiles: [],
        active: null,
        syncOnStart: false,
        credentials: { kind: 'keychain', description: 'the OS keychain', note: null },
      }),
  });
}

enableAutoUnmount(afterEach); // an unmounted view's export controls leave the menu's registry
beforeEach(() => {
  setClock(() => new Date('2026-03-02T12:00:00Z'));
  setFormatLocale('en-US');
});
afterEach(() => {
  setClient(null);
  setClock(null);
  setFormatLocale(null);
  finishSync = null;
  document.body.innerHTML = '';
});

/** The window as the menu sees it: the header, and a view with the given export controls (or the first screen). */
async function mountWindow(view: { report?: boolean; chart?: boolean; hasData?: boolean }) {
  const hasData = view.hasData ?? true;
  bridge = handlersBridge(handlers(hasData));
  setClient(bridge);
  const pinia = createPinia();
  setActivePinia(pinia);
  const Blank = { render: () => h('p', 'a view') };
  const router: Router = createRouter({
    history: createMemoryHistory(),
    routes: ['overview', 'sync', 'connections'].map((name) => ({ path: `/${name}`, name, component: Blank })),
  });
  await router.push('/overview');
  const Window = defineComponent({
    setup() {
      useMenuCommands();
      const app = useAppStore();
      return () => [
        h(AppHeader, { state: app.state }),
        !hasData ? h(FirstLaunchView) : null,
        view.chart
          ? h(ExportMenu, { title: 'Presses per day', chart: () => ({ series: [] }), table: undefined })
          : null,
        view.report ? h(ReportExportButton, { title: 'Overview', charts: () => [], tables: () => [] }) : null,
      ];
    },
  });
  const wrapper = mount(Window, {
    global: { plugins: [pinia, router, createAppI18n()] },
    attachTo: document.body,
  });
  await useAppStore().load();
  await flushPromises();
  return { wrapper, router };
}

const menu = async (command: MenuCommand) => {
  bridge.emit('app:menu', { command });
  await flushPromises();
};

describe('File › Export', () => {
  it("exports the view's report when the view has one, not a chart", async () => {
    const { wrapper } = await mountWindow({ report: true, chart: true });
    await menu('export');
    const report = bridge.calls.find((c) => c.command === 'export:report')?.args as ReportExportArgs;
    expect(report.caption.title).toBe('Overview');
    expect(bridge.calls.some((c) => c.command === 'export:chart')).toBe(false);
    expect(wrapper.get('[data-testid="report-status"]').text()).toBe(
      'Saved to /home/ana/Reports/overview.pdf',
    );
  });

  it("opens the first chart's export choices, focused, when the view has no report", async () => {
    const { wrapper } = await mountWindow({ chart: true });
    expect(wrapper.find('[data-testid="export-png"]').exists()).toBe(false);
    await menu('export');
    expect(wrapper.get('[data-testid="export-toggle"]').attributes('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(wrapper.get('[data-testid="export-size"]').element);
    expect(bridge.calls.some((c) => c.command.startsWith('export:'))).toBe(false); // the user picks the format
  });

  it('says in one sentence when the view has nothing to export, or there is no data yet', async () => {
    const { wrapper } = await mountWindow({});
    await menu('export');
    expect(wrapper.get('[data-testid="shell-notice"]').text()).toContain(
      'This view has nothing to export. Open a view with a chart, then choose File › Export again.',
    );
    const first = await mountWindow({ hasData: false });
    await menu('export');
    expect(first.wrapper.get('[data-testid="shell-notice"]').text()).toContain(
      'There is nothing to export yet: sync your account or explore the demo data first.',
    );
  });
});

describe('File › Save as Interactive Report (HTML)', () => {
  it("saves the view's report as HTML (the same report the PDF item exports), not a chart", async () => {
    const { wrapper } = await mountWindow({ report: true, chart: true });
    await menu('exportHtml');
    const reports = bridge.calls.filter((c) => c.command === 'export:report');
    expect(reports).toHaveLength(1);
    const report = reports[0]?.args as ReportExportArgs;
    expect(report.format).toBe('html');
    expect(report.caption.title).toBe('Overview');
    expect(bridge.calls.some((c) => c.command === 'export:chart')).toBe(false);
    expect(wrapper.find('[data-testid="export-png"]').exists()).toBe(false); // no chart menu opened either
    expect(wrapper.get('[data-testid="report-status"]').text()).toBe(
      'Saved to /home/ana/Reports/overview.html',
    );
  });

  it('says in one sentence when the view has no report (a chart alone has no HTML), or there is no data yet', async () => {
    const { wrapper } = await mountWindow({ chart: true });
    await menu('exportHtml');
    expect(bridge.calls.some((c) => c.command.startsWith('export:'))).toBe(false);
    expect(wrapper.get('[data-testid="export-toggle"]').attributes('aria-expanded')).toBe('false');
    expect(wrapper.get('[data-testid="shell-notice"]').text()).toContain(
      'This view has no report to save, so nothing was written. Open a view with charts, such as Overview, then choose File › Save as Interactive Report (HTML) again.',
    );
    const first = await mountWindow({ hasData: false });
    await menu('exportHtml');
    expect(first.wrapper.get('[data-testid="shell-notice"]').text()).toContain(
      'There is nothing to export yet: sync your account or explore the demo data first.',
    );
  });
});

describe('Sync › Sync now and the header', () => {
  it('syncs from the current view: per-stream progress and Cancel in the header, then the verified outcome', async () => {
    const { wrapper, router } = await mountWindow({});
    await menu('sync');
    expect(bridge.calls.filter((c) => c.command === 'sync:run')).toHaveLength(1);
    expect(router.currentRoute.value.name).toBe('overview'); // the user stays where they are
    const progress: SyncProgress = {
      stream: 'v2:button-feedbacks',
      phase: 'running',
      items: 12_345,
      pages: 3,
      fraction: 0.25,
      itemsPerSecond: 4100.4,
      etaSeconds: 125,
    };
    bridge.emit('sync:progress', progress);
    bridge.emit('sync:progress', { stream: 'v1', phase: 'done', items: 600, pages: 2, fraction: 1 });
    await flushPromises();
    const panel = wrapper.get('[data-testid="header-sync-panel"]');
    // Each stream's line, worked out by hand from the events above.
    expect(panel.get('[data-stream="v2:button-feedbacks"]').text()).toContain(
      '12,345 items · 4,100/s · about 2 min 05 s left',
    );
    expect(panel.get('[data-stream="v1"]').text()).toContain('600 items · done');
    // The whole: the mean of the two streams' shares, (0.25 + 1) / 2 = 62.5 %.
    expect(wrapper.get('[data-testid="header-sync-progress"]').text()).toBe('Syncing… 62.5%');
    await panel.get('button').trigger('click'); // Cancel
    expect(bridge.calls.some((c) => c.command === 'sync:cancel')).toBe(true);

    finishSync?.(synced);
    await flushPromises();
    const outcome = wrapper.get('[data-testid="header-sync-panel"] [role="status"]').text();
    expect(outcome).toContain('Synced in 2 min 05 s. 12,345 presses in the local file.');
    // `to` is exclusive: the last day compared is 2026-03-03.
    expect(outcome).toContain('12,000 presses (misuse excluded) from Jan 1, 2026 to Mar 3, 2026');
    expect(wrapper.get('[data-testid="header-sync"]').text()).toBe('Sync now');
  });

  it('the header button syncs too; Escape or a click elsewhere closes the panel', async () => {
    const { wrapper } = await mountWindow({});
    await wrapper.get('[data-testid="header-sync"]').trigger('click');
    await flushPromises();
    expect(bridge.calls.filter((c) => c.command === 'sync:run')).toHaveLength(1);
    expect(wrapper.get('[data-testid="header-sync-panel"]').text()).toContain('Asking the service…');
    await wrapper.get('.header-sync').trigger('keydown', { key: 'Escape' });
    expect(wrapper.find('[data-testid="header-sync-panel"]').exists()).toBe(false);
    // Opened again from its button; a click elsewhere on the page puts it away, the progress stays on the button.
    await wrapper.get('[data-testid="header-sync-progress"]').trigger('click');
    expect(wrapper.find('[data-testid="header-sync-panel"]').exists()).toBe(true);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await flushPromises();
    expect(wrapper.find('[data-testid="header-sync-panel"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="header-sync-progress"]').text()).toBe('Syncing…');
    // A sync without a check (the demo) says why instead.
    const note = 'The demo data is checked by its own tests; connect your account to verify a real sync.';
    finishSync?.({ ...synced, verification: null, verificationNote: note });
    await flushPromises();
    await wrapper.get('[data-testid="header-sync"]').trigger('click');
    expect(bridge.calls.filter((c) => c.command === 'sync:run')).toHaveLength(2);
    finishSync?.({ ...synced, verification: null, verificationNote: note });
    await flushPromises();
    expect(wrapper.get('[data-testid="header-sync-panel"] [role="status"]').text()).toContain(note);
  });
});

describe('Settings', () => {
  it('opens Connections', async () => {
    const { router } = await mountWindow({});
    await menu('settings');
    expect(router.currentRoute.value.name).toBe('connections');
  });

  it('on the first screen, opens the connect form', async () => {
    const { wrapper } = await mountWindow({ hasData: false });
    expect(wrapper.find('form.connection-form').exists()).toBe(false);
    await menu('settings');
    expect(wrapper.get('form.connection-form').text()).toContain('Connect your account');
  });
});

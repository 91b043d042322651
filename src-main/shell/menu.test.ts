// The application menu's shape on each platform, and that its items reach the actions.
import { describe, expect, it } from 'vitest';
import { aboutDetail, buildMenuTemplate, type MenuItem } from './menu.ts';

function flat(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);
}

describe('application menu', () => {
  const calls: string[] = [];
  const actions = {
    exportView: () => calls.push('export'),
    exportViewHtml: () => calls.push('export-html'),
    syncNow: () => calls.push('sync'),
    openSettings: () => calls.push('settings'),
    showAbout: () => calls.push('about'),
  };

  it.each(['linux', 'win32', 'darwin'] as const)(
    'on %s: standard roles, Export (PDF and HTML), Sync, Settings, About',
    (platform) => {
      const items = flat(buildMenuTemplate(platform, 'Feedback Desk', actions));
      const roles = items.map((i) => i.role).filter(Boolean);
      expect(roles).toEqual(
        expect.arrayContaining(['copy', 'paste', 'selectAll', 'undo', 'windowMenu', 'help']),
      );
      expect(roles).toContain(platform === 'darwin' ? 'hide' : 'quit');
      calls.length = 0;
      const ids = ['export', 'export-html', 'sync', 'settings', 'about'];
      for (const id of ids) items.find((i) => i.id === id)?.click?.();
      expect(calls).toEqual(ids);
    },
  );

  it('offers the HTML report in File, right under Export…, with its own shortcut', () => {
    const file = buildMenuTemplate('linux', 'Feedback Desk', actions).find((m) => m.label === '&File');
    expect(file?.submenu?.slice(0, 2).map((i) => [i.label, i.accelerator])).toEqual([
      ['Export…', 'CmdOrCtrl+E'],
      ['Save as Interactive Report (HTML)…', 'CmdOrCtrl+Shift+E'],
    ]);
  });

  it('puts About in Help on Windows and Linux, in the app menu on macOS', () => {
    const help = (p: NodeJS.Platform) =>
      buildMenuTemplate(p, 'Feedback Desk', actions).find((m) => m.role === 'help');
    expect(help('linux')?.submenu?.map((i) => i.label)).toEqual(['About Feedback Desk']);
    expect(buildMenuTemplate('darwin', 'Feedback Desk', actions)[0]?.submenu?.[0]?.label).toBe(
      'About Feedback Desk',
    );
  });

  it('says every version in the About box', () => {
    expect(
      aboutDetail({ app: '0.1.0', electron: '45.4.1', chrome: '142.0.1', node: '24.21.0', v8: '14.2' }),
    ).toBe('Version 0.1.0\nElectron 45.4.1\nChromium 142.0.1\nNode.js 24.21.0\nV8 14.2');
  });
});

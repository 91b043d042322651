// The application menu as plain data (Electron's MenuItemConstructorOptions, structurally): standard roles, File ›
// Export (PDF) and Save as Interactive Report (HTML), Sync, Settings, Help › About with versions. Built without Electron, so it is tested in Node.
/** The standard roles this menu uses (Electron's own names). */
export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'windowMenu'
  | 'help';

export interface MenuItem {
  id?: string;
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  submenu?: MenuItem[];
  click?: () => void;
}

export interface MenuActions {
  exportView(): void;
  /** The current view's report as one interactive HTML file. */
  exportViewHtml(): void;
  syncNow(): void;
  openSettings(): void;
  showAbout(): void;
}

// eslint-disable-next-line max-lines-per-function -- a data literal: the application menu's template
export function buildMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  actions: MenuActions,
): MenuItem[] {
  const mac = platform === 'darwin';
  const settings: MenuItem = {
    id: 'settings',
    label: 'Settings…',
    accelerator: 'CmdOrCtrl+,',
    click: actions.openSettings,
  };
  const about: MenuItem = { id: 'about', label: `About ${appName}`, click: actions.showAbout };
  const fileEnd: MenuItem[] = mac ? [{ role: 'close' }] : [settings, { type: 'separator' }, { role: 'quit' }];
  return [
    ...(mac
      ? [
          {
            label: appName,
            submenu: [
              about,
              { type: 'separator' },
              settings,
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ] satisfies MenuItem[],
          },
        ]
      : []),
    {
      label: '&File',
      submenu: [
        { id: 'export', label: 'Export…', accelerator: 'CmdOrCtrl+E', click: actions.exportView },
        {
          id: 'export-html',
          label: 'Save as Interactive Report (HTML)…',
          accelerator: 'CmdOrCtrl+Shift+E',
          click: actions.exportViewHtml,
        },
        { type: 'separator' },
        ...fileEnd,
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&Sync',
      submenu: [{ id: 'sync', label: 'Sync now', accelerator: 'CmdOrCtrl+R', click: actions.syncNow }],
    },
    {
      label: '&View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: mac ? [] : [about] },
  ];
}

export interface Versions {
  app: string;
  electron: string;
  chrome: string;
  node: string;
  v8: string;
}

/** The About box's detail text. */
export function aboutDetail(v: Versions): string {
  return [
    `Version ${v.app}`,
    `Electron ${v.electron}`,
    `Chromium ${v.chrome}`,
    `Node.js ${v.node}`,
    `V8 ${v.v8}`,
  ].join('\n');
}

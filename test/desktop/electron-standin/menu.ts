// Electron's Menu and MenuItem as plain objects: the application menu is kept, and the test clicks an item by its
// labels (File › Export…) through the control channel, which runs the item's click as Electron does.
import { BrowserWindow } from './window.ts';

export interface MenuItemOptions {
  id?: string;
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  enabled?: boolean;
  submenu?: MenuItemOptions[] | Menu;
  click?: (item: MenuItem, window: BrowserWindow | null, event: object) => void;
}

/** The labels Electron gives the roles that open a submenu (the others are not clicked by label here). */
const roleLabels: Record<string, string> = {
  help: 'Help',
  windowMenu: 'Window',
  fileMenu: 'File',
  editMenu: 'Edit',
};

export class MenuItem {
  readonly id: string | undefined;
  readonly label: string;
  readonly role: string | undefined;
  readonly type: string;
  readonly accelerator: string | undefined;
  enabled: boolean;
  readonly submenu: Menu | undefined;
  private readonly onClick: MenuItemOptions['click'];
  constructor(options: MenuItemOptions) {
    this.id = options.id;
    this.role = options.role;
    // Electron fills a role's label; the '&' of an access key is not part of it.
    this.label = (options.label ?? roleLabels[options.role ?? ''] ?? options.role ?? '').replace(/&/g, '');
    this.type = options.type ?? (options.submenu ? 'submenu' : 'normal');
    this.accelerator = options.accelerator;
    this.enabled = options.enabled ?? true;
    this.submenu =
      options.submenu instanceof Menu
        ? options.submenu
        : options.submenu && Menu.buildFromTemplate(options.submenu);
    this.onClick = options.click;
  }
  click(): void {
    if (!this.enabled) return;
    this.onClick?.(this, BrowserWindow.getFocusedWindow(), {});
  }
}

let applicationMenu: Menu | null = null;

export class Menu {
  readonly items: MenuItem[] = [];
  static buildFromTemplate(template: MenuItemOptions[]): Menu {
    const menu = new Menu();
    for (const options of template) menu.items.push(new MenuItem(options));
    return menu;
  }
  static setApplicationMenu(menu: Menu | null): void {
    applicationMenu = menu;
  }
  static getApplicationMenu(): Menu | null {
    return applicationMenu;
  }
  append(item: MenuItem): void {
    this.items.push(item);
  }
  getMenuItemById(id: string): MenuItem | null {
    for (const item of this.items) {
      if (item.id === id) return item;
      const inner = item.submenu?.getMenuItemById(id);
      if (inner) return inner;
    }
    return null;
  }
}

/** The application menu's item at a path of labels, e.g. ['File', 'Export…']. */
export function menuItemAt(path: string[]): MenuItem {
  let menu = applicationMenu;
  let item: MenuItem | undefined;
  for (const label of path) {
    item = menu?.items.find((i) => i.label === label);
    if (!item) throw new Error(`no menu item '${label}' in ${path.join(' › ')}`);
    menu = item.submenu ?? null;
  }
  if (!item) throw new Error('an empty menu path');
  return item;
}

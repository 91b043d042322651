// The desktop menu's commands (main sends 'app:menu'): File › Export runs the current view's export (its report, else
// its first chart's export choices), File › Save as Interactive Report (HTML) saves the view's report as HTML, Sync › Sync now syncs from wherever the user is (progress in the header), and
// Settings opens Connections (on the first screen: its connect form).
import { onBeforeUnmount } from 'vue';
import { useRouter } from 'vue-router';
import { useClient } from '../client.ts';
import { runMenuExport } from '../export/menuExport.ts';
import { useAppStore } from '../stores/appStore.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useShellStore } from '../stores/shellStore.ts';
import { useSyncStore } from '../stores/syncStore.ts';

export function useMenuCommands(): void {
  const router = useRouter();
  const app = useAppStore();
  const sync = useSyncStore();
  const shell = useShellStore();
  const filters = useFilterStore();
  const stop = useClient().on('app:menu', ({ command }) => {
    shell.dismiss();
    if (command === 'sync') {
      shell.syncPanelOpen = true;
      void sync.syncNow();
    } else if (command === 'settings') {
      if (app.hasData) void router.push({ name: 'connections', query: filters.query });
      else shell.connectRequests++;
    } else if (!app.hasData) shell.say('noDataToExport');
    else if (command === 'exportHtml') {
      if (runMenuExport('html') === null) shell.say('noReportToSave');
    } else if (runMenuExport('pdf') === null) shell.say('nothingToExport');
  });
  onBeforeUnmount(stop);
}

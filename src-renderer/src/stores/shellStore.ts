// What the desktop menu and the header ask of the window: the header's sync panel, a one-line notice (e.g. nothing
// to export here), and the first screen's connect form (Settings before any data exists).
import { defineStore } from 'pinia';
import { ref } from 'vue';

/** Message keys of the notices the shell can show (shell.*). */
export type ShellNotice = 'nothingToExport' | 'noReportToSave' | 'noDataToExport';

export const useShellStore = defineStore('shell', () => {
  const syncPanelOpen = ref(false);
  const notice = ref<ShellNotice | null>(null);
  /** Counts Settings requests on the first screen, which then opens its connect form. */
  const connectRequests = ref(0);

  function say(next: ShellNotice): void {
    notice.value = next;
  }
  function dismiss(): void {
    notice.value = null;
  }
  return { syncPanelOpen, notice, connectRequests, say, dismiss };
});

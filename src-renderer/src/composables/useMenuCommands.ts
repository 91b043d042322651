// The desktop menu's commands (main sends 'app:menu'): Sync now and Settings open their views; Export is passed on
// as a DOM event for whichever export control the current view has.
import { onBeforeUnmount } from 'vue';
import { useRouter } from 'vue-router';
import { useClient } from '../client.ts';
import { useSyncStore } from '../stores/syncStore.ts';

export const exportRequestEvent = 'feedback-desk:export';

export function useMenuCommands(): void {
  const router = useRouter();
  const sync = useSyncStore();
  const stop = useClient().on('app:menu', ({ command }) => {
    if (command === 'sync') void router.push({ name: 'sync' }).then(() => sync.syncNow());
    else if (command === 'settings') void router.push({ name: 'connections' });
    else window.dispatchEvent(new CustomEvent(exportRequestEvent));
  });
  onBeforeUnmount(stop);
}

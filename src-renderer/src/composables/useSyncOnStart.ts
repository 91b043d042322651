// Sync on start: once the app is up, the profile in use is synced when the user asked for it (Connections view).
import { onMounted } from 'vue';
import { useConnectionsStore } from '../stores/connectionsStore.ts';
import { useSyncStore } from '../stores/syncStore.ts';

export function useSyncOnStart(): void {
  const connections = useConnectionsStore();
  const sync = useSyncStore();
  onMounted(async () => {
    await connections.load();
    const s = connections.state;
    if (s) await sync.syncOnStart(s.syncOnStart, s.active);
  });
}

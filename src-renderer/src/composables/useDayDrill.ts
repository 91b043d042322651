// A click on a day of a per-day chart narrows the current view to that day (a new history entry: Back returns).
import { useRoute, useRouter } from 'vue-router';

const day = /^\d{4}-\d{2}-\d{2}$/;

export function useDayDrill(): (name: string) => void {
  const route = useRoute();
  const router = useRouter();
  return (name) => {
    if (!day.test(name)) return;
    void router.push({ path: route.path, query: { ...route.query, period: 'custom', from: name, to: name } });
  };
}

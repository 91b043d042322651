// A view's own setting kept in the route query beside the filters (so the view stays a link), e.g. ?q=kasse.
import { computed, type WritableComputedRef } from 'vue';
import { useRoute, useRouter } from 'vue-router';

/** The query value `key` as a string (null when absent); setting it replaces the route, null or '' removes it. */
export function useRouteParam(key: string): WritableComputedRef<string | null> {
  const route = useRoute();
  const router = useRouter();
  return computed({
    get() {
      const v = route.query[key];
      const one = Array.isArray(v) ? v[0] : v;
      return typeof one === 'string' ? one : null;
    },
    set(value) {
      const query = { ...route.query };
      if (value === null || value === '') delete query[key];
      else query[key] = value;
      void router.replace({ query });
    },
  });
}

/** A list kept as one comma-separated query value (labels may hold commas: each is URI-encoded first). */
export function useRouteList(key: string): WritableComputedRef<string[]> {
  const raw = useRouteParam(key);
  return computed({
    get: () => (raw.value ? raw.value.split(',').map((s) => decodeURIComponent(s)) : []),
    set: (list) => {
      raw.value = list.length ? list.map((s) => encodeURIComponent(s)).join(',') : null;
    },
  });
}

// A view's own setting kept in the route query (its measure, sort, drill level): part of the link, like the filters.
import { computed, type WritableComputedRef } from 'vue';
import { useRoute, useRouter } from 'vue-router';

/** One of `allowed`, read from `?key=`; writing it replaces the route (the default leaves the address). */
export function useViewParam<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: () => T,
): WritableComputedRef<T> {
  const route = useRoute();
  const router = useRouter();
  return computed({
    get: () => {
      const raw = route.query[key];
      const value = Array.isArray(raw) ? raw[0] : raw;
      return allowed.find((a) => a === value) ?? fallback();
    },
    set: (value) => {
      const query = { ...route.query };
      if (value === fallback()) delete query[key];
      else query[key] = value;
      void router.replace({ path: route.path, query });
    },
  });
}

/** A whole number in `?key=` (null when absent or unreadable); writing null removes it. */
export function useViewId(key: string): WritableComputedRef<number | null> {
  const route = useRoute();
  const router = useRouter();
  return computed({
    get: () => {
      const raw = route.query[key];
      const n = Number(Array.isArray(raw) ? raw[0] : raw);
      return Number.isSafeInteger(n) && n > 0 ? n : null;
    },
    set: (value) => {
      const query = { ...route.query };
      if (value === null) delete query[key];
      else query[key] = String(value);
      void router.replace({ path: route.path, query });
    },
  });
}

/** A whole number from `min` to `max` in `?key=` (null when absent or out of range); writing null removes it. */
export function useViewNumber(key: string, min: number, max: number): WritableComputedRef<number | null> {
  const route = useRoute();
  const router = useRouter();
  return computed({
    get: () => {
      const raw = route.query[key];
      const text = Array.isArray(raw) ? raw[0] : raw;
      const n = typeof text === 'string' && text !== '' ? Number(text) : NaN;
      return Number.isInteger(n) && n >= min && n <= max ? n : null;
    },
    set: (value) => {
      const query = { ...route.query };
      if (value === null) delete query[key];
      else query[key] = String(value);
      void router.replace({ path: route.path, query });
    },
  });
}

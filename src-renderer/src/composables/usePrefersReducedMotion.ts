// Whether animation should be off: the user's reduced-motion setting (tests and screenshots emulate it).
import { onBeforeUnmount, ref, type Ref } from 'vue';

export function usePrefersReducedMotion(): Ref<boolean> {
  const query =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  const reduced = ref(query?.matches ?? false);
  const update = (event: MediaQueryListEvent): void => {
    reduced.value = event.matches;
  };
  query?.addEventListener('change', update);
  onBeforeUnmount(() => query?.removeEventListener('change', update));
  return reduced;
}

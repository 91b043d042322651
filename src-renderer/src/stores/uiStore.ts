// How the system wants the app to look: light or dark (prefers-color-scheme) and reduced motion, followed live.
import { defineStore } from 'pinia';
import { ref } from 'vue';

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

export const useUiStore = defineStore('ui', () => {
  const darkQuery = media('(prefers-color-scheme: dark)');
  const motionQuery = media('(prefers-reduced-motion: reduce)');
  const scheme = ref<'light' | 'dark'>(darkQuery?.matches ? 'dark' : 'light');
  const reducedMotion = ref(motionQuery?.matches ?? false);

  /** Element Plus' dark variables and the app's own follow the `dark` class on <html>. */
  const applyScheme = (): void => {
    scheme.value = darkQuery?.matches ? 'dark' : 'light';
    document.documentElement.classList.toggle('dark', scheme.value === 'dark');
  };
  applyScheme();
  darkQuery?.addEventListener('change', applyScheme);
  motionQuery?.addEventListener('change', (e) => {
    reducedMotion.value = e.matches;
  });

  return { scheme, reducedMotion };
});

// vue-i18n in Composition mode with the English messages (JIT-compiled to an AST: no eval under the CSP).
import { createI18n } from 'vue-i18n';
import { en } from './en.ts';

export function createAppI18n() {
  return createI18n({ legacy: false, locale: 'en', fallbackLocale: 'en', messages: { en } });
}

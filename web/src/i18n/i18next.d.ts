import 'i18next';
import type { en } from './en';
import type { adminEn } from './admin.en';
import type { editorEn } from './editor.en';

// Typed translation keys: `t('login.title')` is checked against the English file.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; editor: typeof editorEn; admin: typeof adminEn };
  }
}

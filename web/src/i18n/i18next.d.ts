import 'i18next';
import type { en } from './en';
import type { adminEn } from './admin.en';
import type { editorEn } from './editor.en';
import type { markdownEn } from '../features/markdown/strings';
import type { sheetEn } from '../features/spreadsheet/strings';

// Typed translation keys: `t('login.title')` is checked against the English file.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      editor: typeof editorEn;
      markdown: typeof markdownEn;
      admin: typeof adminEn;
      sheet: typeof sheetEn;
    };
  }
}

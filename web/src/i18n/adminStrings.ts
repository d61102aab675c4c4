// The strings of the administrator console and the public square (namespace `admin`), in their own chunk:
// the routes of those screens load this module with the screen (app/routes.tsx), as editorStrings.ts.
import { adminEn } from './admin.en';
import { adminZhCN } from './admin.zh-CN';
import { registerNamespace } from './i18n';

registerNamespace('admin', { 'zh-CN': adminZhCN, en: adminEn });

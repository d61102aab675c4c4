// The strings of the page editor, catalog manager, diff screen and templates (namespace `editor`), in their
// own chunk: importing this module adds them to the app's i18next instance. The routes of the screens that
// use them load it with the screen (app/routes.tsx); the item list and the login never download them.
import { editorEn } from './editor.en';
import { editorZhCN } from './editor.zh-CN';
import { registerNamespace } from './i18n';

registerNamespace('editor', { 'zh-CN': editorZhCN, en: editorEn });

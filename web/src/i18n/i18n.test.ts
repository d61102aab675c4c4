import { describe, expect, it } from '@jest/globals';
import { editorEn } from './editor.en';
import { editorZhCN } from './editor.zh-CN';
import { createI18n, registerNamespace, resources } from './i18n';

/** `t` for namespaces outside the typed resources. */
const lookup = (instance: ReturnType<typeof createI18n>, key: string, ns: string) =>
  (instance.t as unknown as (key: string, options: { ns: string }) => string)(key, { ns });

describe('i18n namespaces loaded with their screens', () => {
  it('adds a namespace registered later to the instances made before and to new ones', () => {
    const early = createI18n('en');
    expect(lookup(early, 'greeting', 'late-test')).toBe('greeting'); // missing: the key comes back

    registerNamespace('late-test', { en: { greeting: 'Hello' }, 'zh-CN': { greeting: '你好' } });

    expect(lookup(early, 'greeting', 'late-test')).toBe('Hello');
    const later = createI18n('zh-CN');
    expect(lookup(later, 'greeting', 'late-test')).toBe('你好');
    void later.changeLanguage('en');
    expect(lookup(later, 'greeting', 'late-test')).toBe('Hello');
  });

  it("keeps the editor's strings out of the bundled resources; editorStrings.ts brings them", () => {
    expect(Object.keys(resources.en)).toEqual(['translation']);
    expect(Object.keys(resources['zh-CN'])).toEqual(['translation']);
    // The test setup imports editorStrings.ts, as the editing screens' routes do in the app.
    const i18n = createI18n('zh-CN');
    expect(i18n.t('dialog.newPage', { ns: 'editor' })).toBe(editorZhCN.dialog.newPage);
    void i18n.changeLanguage('en');
    expect(i18n.t('dialog.newPage', { ns: 'editor' })).toBe(editorEn.dialog.newPage);
  });
});

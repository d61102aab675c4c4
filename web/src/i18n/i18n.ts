import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from '../session/session';
import { en } from './en';
import { editorEn } from './editor.en';
import { editorZhCN } from './editor.zh-CN';
import { zhCN } from './zh-CN';

/** The two interface languages (spec §1). */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_LABELS: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

export const resources = {
  'zh-CN': { translation: zhCN, editor: editorZhCN },
  en: { translation: en, editor: editorEn },
} as const;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The remembered choice, else the browser's first preference (any Chinese variant means Chinese). */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the browser.
  }
  const preferred =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  const first = preferred.find(Boolean) ?? 'en';
  return /^zh\b/i.test(first) ? 'zh-CN' : 'en';
}

/** The language to send as Accept-Language and to store. */
export function currentLanguage(instance: I18n): Language {
  return isLanguage(instance.resolvedLanguage)
    ? instance.resolvedLanguage
    : isLanguage(instance.language)
      ? instance.language
      : 'en';
}

export function changeLanguage(instance: I18n, language: Language): Promise<unknown> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered, still switched.
  }
  return instance.changeLanguage(language);
}

/** A ready i18next instance; tests pass a language to start with. */
export function createI18n(language: Language = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const syncDocument = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocument(language);
  instance.on('languageChanged', syncDocument);
  return instance;
}

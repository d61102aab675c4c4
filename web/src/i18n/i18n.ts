import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from '../session/session';
import { en } from './en';
import { zhCN } from './zh-CN';

/** The two interface languages (spec §1). */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_LABELS: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
} as const;

/**
 * Namespaces whose strings load with the screens that use them, not with the app: the editor's
 * (editorStrings.ts, loaded by the editing screens' routes). Once loaded they are in every instance.
 */
type LateNamespace = { ns: string; bundles: Record<Language, object> };
const lateNamespaces: LateNamespace[] = [];
const instances = new Set<I18n>(); // the app has one; each component test makes its own

function addNamespace(instance: I18n, { ns, bundles }: LateNamespace): void {
  for (const language of LANGUAGES) {
    if (!instance.hasResourceBundle(language, ns))
      instance.addResourceBundle(language, ns, bundles[language]);
  }
}

export function registerNamespace(ns: string, bundles: Record<Language, object>): void {
  const late = { ns, bundles };
  lateNamespaces.push(late);
  for (const instance of instances) addNamespace(instance, late);
}

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
    // A copy per instance: i18next keeps the object it is given and adds later namespaces to it.
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { ...resources[lng] }])),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instances.add(instance);
  for (const late of lateNamespaces) addNamespace(instance, late);
  const syncDocument = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocument(language);
  instance.on('languageChanged', syncDocument);
  return instance;
}

import { htmlLangOf, resolveLocale } from '@taleforge/browser/resolve-locale';
import { readItem, writeItem } from '@taleforge/browser/storage';
import { type Locale, STORAGE_KEYS } from '@taleforge/contracts/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;

// One chunk per locale: a creator downloads only the language they read.
const catalogues = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });

const loadCatalogue = (locale: Locale): Promise<Catalogue> => {
  const load = catalogues[`./locales/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
};

let active: Locale = detectLocale();

/** The locale requests are sent in. */
export const currentLocale = (): Locale => active;

export function detectLocale(): Locale {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const browser = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return resolveLocale(readItem(STORAGE_KEYS.language), browser);
}

export const i18n: I18n = i18next.createInstance();

export async function initI18n(locale: Locale = active): Promise<I18n> {
  active = locale;
  await i18n.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: await loadCatalogue(locale) } },
    // Every locale carries every key (a unit test checks), so no fallback catalogue is fetched.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyHtmlLang(locale);
  return i18n;
}

/** Switches language, remembering the choice (the same storage key as the player site's). */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  }
  active = locale;
  writeItem(STORAGE_KEYS.language, locale);
  await i18n.changeLanguage(locale);
  applyHtmlLang(locale);
}

function applyHtmlLang(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(locale);
}

import { htmlLangOf, resolveLocale } from '@taleforge/browser/resolve-locale';
import { readItem, writeItem } from '@taleforge/browser/storage';
import type { Locale } from '@taleforge/contracts/constants';
import { STORAGE_KEYS } from '@taleforge/contracts/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;

// Two chunks per locale, so a visitor downloads only the language they read, and the first visit
// only what the shell and the home show (`<locale>.json`); every other screen's texts
// (`<locale>.screens.json`) come with the first of those screens (decision 6).
const catalogues = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });
type Part = 'core' | 'screens';

const loadCatalogue = (locale: Locale, part: Part): Promise<Catalogue> => {
  const load = catalogues[`./locales/${locale}${part === 'core' ? '' : '.screens'}.json`];
  if (!load) throw new Error(`No ${part} catalogue for ${locale}`);
  return load();
};

let active: Locale = detectLocale();
/** The parts the page has asked for: a language switch loads the same ones in the new language. */
const wanted = new Set<Part>(['core']);
const loaded = new Map<string, Promise<void>>();

/** The locale requests are sent in; valid before i18next has finished loading. */
export const currentLocale = (): Locale => active;

export function detectLocale(): Locale {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const browser = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return resolveLocale(readItem(STORAGE_KEYS.language), browser);
}

export const i18n: I18n = i18next.createInstance();

function loadPart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = loadCatalogue(locale, part).then((texts) => {
      i18n.addResourceBundle(locale, 'translation', texts, true, true);
    });
    // A failed chunk is asked for again next time, not remembered as failed.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

export async function initI18n(locale: Locale = active): Promise<I18n> {
  active = locale;
  // `init` gives the instance an empty resource store: parts loaded into an earlier one (a test
  // file before this one, in the same worker) must be added again, not taken as already there.
  loaded.clear();
  await i18n.use(initReactI18next).init({
    lng: locale,
    resources: {},
    // Every locale carries every key (a unit test checks), so no fallback catalogue is fetched.
    fallbackLng: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([...wanted].map((part) => loadPart(locale, part)));
  applyHtmlLang(locale);
  return i18n;
}

/**
 * The texts of every screen but the home: awaited by the lazy routes and shell widgets that show
 * them, so none renders a key, and kept in step with language switches from then on.
 */
export function loadScreenTexts(): Promise<void> {
  wanted.add('screens');
  return loadPart(active, 'screens');
}

/** Switches language, remembering the choice for the next visit (SPEC §3 `language`). */
export async function changeLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(locale, part)));
  active = locale;
  writeItem(STORAGE_KEYS.language, locale);
  await i18n.changeLanguage(locale);
  applyHtmlLang(locale);
}

function applyHtmlLang(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(locale);
}

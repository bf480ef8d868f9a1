import { useTranslation } from 'react-i18next';
import enUS from './locales/en_US.json';
import jaJP from './locales/ja_JP.json';
import zhCN from './locales/zh_CN.json';

/** The editor's texts per locale; they travel in the editor's lazy chunk, not the shell's. */
export const EDITOR_CATALOGUES = { en_US: enUS, zh_CN: zhCN, ja_JP: jaJP } as const;

const supplied = new WeakSet<object>();

/**
 * The shell's i18next instance with the editor's texts added (once per instance), so the shell
 * only provides i18next as it does for its own screens.
 */
export function useEditorTexts() {
  const { t, i18n } = useTranslation();
  if (!supplied.has(i18n)) {
    for (const [locale, texts] of Object.entries(EDITOR_CATALOGUES))
      i18n.addResourceBundle(locale, 'translation', texts, true, false);
    supplied.add(i18n);
  }
  return t;
}

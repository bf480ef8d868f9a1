import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from './i18n';

/** Each language named in itself, so a reader finds theirs whatever the page is in. */
const NAMES: Record<Locale, string> = { en_US: 'English', zh_CN: '中文', ja_JP: '日本語' };

export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <label className="language-select">
      <span className="visually-hidden">{t('shell.language')}</span>
      <select
        value={currentLocale()}
        onChange={(event) => void changeLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}

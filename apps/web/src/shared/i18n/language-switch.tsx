import { isLocale } from '@taleforge/browser/resolve-locale';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../ui/icons';
import { changeLocale, currentLocale } from './i18n';
import './language-switch.css';

/** A native select: keyboard, screen reader and phone pickers work without extra code. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon className="language-switch__icon" />
      <select
        id={id}
        className="language-switch__select"
        value={currentLocale()}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale: Locale) => (
          <option key={locale} value={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

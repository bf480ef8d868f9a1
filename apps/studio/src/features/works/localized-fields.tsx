import type { PartialLocalized } from '@taleforge/contracts';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LANGUAGE: Record<Locale, string> = { en_US: 'English', zh_CN: '中文', ja_JP: '日本語' };

/** One text in each interface language; any may stay empty (the player site falls back). */
export function LocalizedFields({
  legend,
  value,
  onChange,
  maxLength,
  multiline = false,
}: {
  legend: string;
  value: PartialLocalized;
  onChange: (value: PartialLocalized) => void;
  maxLength: number;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="localized">
      <legend>{legend}</legend>
      {LOCALES.map((locale) => {
        const label = t('work.inLanguage', { field: legend, language: LANGUAGE[locale] });
        const props = {
          id: `${id}-${locale}`,
          'aria-label': label,
          lang: locale.replace('_', '-'),
          maxLength,
          value: value[locale] ?? '',
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...value, [locale]: event.target.value }),
        };
        return (
          <div className="localized-row" key={locale}>
            <label htmlFor={props.id} className="localized-lang" aria-hidden="true">
              {LANGUAGE[locale]}
            </label>
            {multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
          </div>
        );
      })}
    </fieldset>
  );
}

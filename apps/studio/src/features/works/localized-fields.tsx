import type { PartialLocalized } from '@taleforge/contracts';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { hasInvisible } from '@taleforge/contracts/text-policy';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LANGUAGE: Record<Locale, string> = { en_US: 'English', zh_CN: '中文', ja_JP: '日本語' };

/**
 * One text in each interface language; any may stay empty (the player site falls back). A title
 * or name (`name`) follows the name rule of the text policy (decision 50): one with an invisible
 * or direction-changing character says so under it, in the server's words, before any save.
 */
export function LocalizedFields({
  legend,
  value,
  onChange,
  maxLength,
  multiline = false,
  name = false,
}: {
  legend: string;
  value: PartialLocalized;
  onChange: (value: PartialLocalized) => void;
  maxLength: number;
  multiline?: boolean;
  name?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="localized">
      <legend>{legend}</legend>
      {LOCALES.map((locale) => {
        const label = t('work.inLanguage', { field: legend, language: LANGUAGE[locale] });
        const text = value[locale] ?? '';
        const hidden = name && hasInvisible(text.trim());
        const errorId = `${id}-${locale}-error`;
        const props = {
          id: `${id}-${locale}`,
          'aria-label': label,
          'aria-invalid': hidden || undefined,
          'aria-describedby': hidden ? errorId : undefined,
          lang: locale.replace('_', '-'),
          maxLength,
          value: text,
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...value, [locale]: event.target.value }),
        };
        return (
          <div className="localized-row" key={locale}>
            <label htmlFor={props.id} className="localized-lang" aria-hidden="true">
              {LANGUAGE[locale]}
            </label>
            {multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
            {hidden && (
              <p className="error-message" id={errorId} role="alert">
                {t('textPolicy.invisible')}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

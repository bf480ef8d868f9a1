import { LOCALES } from '@taleforge/contracts/constants';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_NS, ANALYTICS_STRINGS } from './strings';

/**
 * The page's texts in whatever i18next instance the studio provides: the catalogue is added to it
 * the first time the page renders, so it travels in the page's lazy chunk and nowhere else.
 */
export function useAnalyticsText() {
  const { i18n } = useTranslation();
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, ANALYTICS_NS)) {
      i18n.addResourceBundle(locale, ANALYTICS_NS, ANALYTICS_STRINGS[locale]);
    }
  }
  return useTranslation(ANALYTICS_NS);
}

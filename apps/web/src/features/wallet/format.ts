import type { Locale } from '@taleforge/contracts/constants';

const tag = (locale: Locale) => locale.replace('_', '-');

/** Money from minor units with the currency's own digits (yen has none). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(tag(locale), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatGems(count: number, locale: Locale): string {
  return new Intl.NumberFormat(tag(locale)).format(count);
}

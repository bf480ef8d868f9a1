import type { Locale } from '@taleforge/contracts/constants';

const tag = (locale: Locale) => locale.replace('_', '-');

/**
 * Money from minor units with the currency's own digits (yen has none). A whole amount drops
 * its zero cents, as price tags do: ¥6 and ¥648, but $0.89.
 */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(tag(locale), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const major = minor / 10 ** digits;
  if (!Number.isInteger(major)) return format.format(major);
  return new Intl.NumberFormat(tag(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
  }).format(major);
}

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatGems(count: number, locale: Locale): string {
  return new Intl.NumberFormat(tag(locale)).format(count);
}

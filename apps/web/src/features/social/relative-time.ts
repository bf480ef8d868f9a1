import type { Locale } from '@taleforge/contracts/constants';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "昨天", "2 日前": how long ago, in the reader's language. */
export function relativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(locale.replace('_', '-'), { numeric: 'auto' });
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

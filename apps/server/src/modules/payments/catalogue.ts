import type { Currency } from '@taleforge/contracts/constants';

/**
 * The six top-up packs: the same gems and bonus in every currency. Base prices are in yuan, the
 * SPEC's numbers (§9) and China's usual points; other currencies are priced from them at the
 * operator's exchange rates (pricing.ts, decision 32). Ten gems per yuan, plus bonus gems; the
 * badge is the saving per gem against the base rate.
 */
export const TIERS = [
  { id: 'gems_6', basePrice: 6, gems: 60, bonusGems: 0, discountPercent: null },
  { id: 'gems_30', basePrice: 30, gems: 300, bonusGems: 20, discountPercent: null },
  { id: 'gems_68', basePrice: 68, gems: 680, bonusGems: 60, discountPercent: null },
  { id: 'gems_128', basePrice: 128, gems: 1_280, bonusGems: 320, discountPercent: 20 },
  { id: 'gems_328', basePrice: 328, gems: 3_280, bonusGems: 1_094, discountPercent: 25 },
  { id: 'gems_648', basePrice: 648, gems: 6_480, bonusGems: 2_778, discountPercent: 30 },
] as const;

export type Tier = (typeof TIERS)[number];

/** The currency the base prices are in. */
export const BASE_CURRENCY: Currency = 'CNY';

/** Digits after the decimal point: amounts are stored and charged in these minor units. */
export const MINOR_DIGITS: Record<Currency, number> = { USD: 2, CNY: 2, JPY: 0 };

/** Exact for every amount we store: minor units are integers and the divisor a power of ten. */
export function toMajor(minor: number, currency: Currency): number {
  return minor / 10 ** MINOR_DIGITS[currency];
}

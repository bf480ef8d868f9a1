import type { GoodsTier } from '@taleforge/contracts';
import type { Currency } from '@taleforge/contracts/constants';

/**
 * The top-up tiers (SPEC §9): the price is the same number in every currency. Ten gems per unit,
 * plus bonus gems; the badge is the saving per gem against the base rate.
 */
const TIERS = [
  { id: 'gems_6', price: 6, gems: 60, bonusGems: 0, discountPercent: null },
  { id: 'gems_30', price: 30, gems: 300, bonusGems: 20, discountPercent: null },
  { id: 'gems_68', price: 68, gems: 680, bonusGems: 60, discountPercent: null },
  { id: 'gems_128', price: 128, gems: 1_280, bonusGems: 320, discountPercent: 20 },
  { id: 'gems_328', price: 328, gems: 3_280, bonusGems: 1_094, discountPercent: 25 },
  { id: 'gems_648', price: 648, gems: 6_480, bonusGems: 2_778, discountPercent: 30 },
] as const;

export type Tier = (typeof TIERS)[number];

/** Digits after the decimal point: amounts are stored and charged in these minor units. */
export const MINOR_DIGITS: Record<Currency, number> = { USD: 2, CNY: 2, JPY: 0 };

/** Smallest and largest order, in major units of its currency. */
export const ORDER_LIMITS = { min: 1, max: 1_000 } as const;

export function toMinor(major: number, currency: Currency): number {
  return major * 10 ** MINOR_DIGITS[currency];
}

/** Exact for every amount we store: minor units are integers and the divisor a power of ten. */
export function toMajor(minor: number, currency: Currency): number {
  return minor / 10 ** MINOR_DIGITS[currency];
}

export function findTier(id: string): Tier | null {
  return TIERS.find((t) => t.id === id) ?? null;
}

export function listTiers(currency: Currency): GoodsTier[] {
  return TIERS.map((t) => ({
    id: t.id,
    price: t.price,
    price_minor: toMinor(t.price, currency),
    currency,
    gems: t.gems,
    bonus_gems: t.bonusGems,
    discount_percent: t.discountPercent,
  }));
}

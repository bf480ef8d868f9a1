import type { GoodsTier } from '@taleforge/contracts';
import { CURRENCIES, type Currency } from '@taleforge/contracts/constants';
import { BASE_CURRENCY, MINOR_DIGITS, TIERS, type Tier } from './catalogue.js';

/** How much of each currency is worth the same (any scale: `USD=1,CNY=7.1,JPY=150`). */
export type FxRates = Record<Currency, number>;

/** A tier's price may differ from the exact conversion by at most this much (issue 19). */
export const PARITY_TOLERANCE = 0.15;

/** Every pack must be worth between these, in US dollars at the configured rates. */
export const ORDER_LIMITS_USD = { min: 0.5, max: 1_000 } as const;

/** Points a decade spans, times 10^n: dense enough that the nearest is never 13 % away. */
const MANTISSAS = [1, 1.2, 1.5, 1.8, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8] as const;

function decades(mantissas: readonly number[], from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n += 1) for (const m of mantissas) out.push(m * 10 ** n);
  return out;
}

/**
 * The prices a player of each currency is used to, in major units, ascending. Dollars end in
 * 9 cents ($0.89, $1.49, .99 from $10 up); yen are round hundreds with the ¥980 and ¥9,800 everyone knows; yuan are the app-store
 * points China uses (¥6, ¥30, ¥68, ¥128, ¥328, ¥648 among them).
 */
export const PRICE_POINTS: Record<Currency, readonly number[]> = {
  USD: [0.49, 0.59, 0.69, 0.79, 0.89, ...decades([...MANTISSAS, 9], 0, 3).map((p) => p - 0.01)]
    .map((p) => Math.round(p * 100) / 100)
    .sort((a, b) => a - b),
  JPY: [50, 60, 70, 80, 98, ...decades([...MANTISSAS, 9.8], 2, 5)].sort((a, b) => a - b),
  CNY: [
    1, 3, 6, 8, 12, 18, 25, 30, 40, 45, 50, 60, 68, 78, 88, 98, 108, 128, 148, 168, 198, 228, 258,
    298, 328, 388, 448, 518, 588, 648, 698, 798, 898, 998, 1_198, 1_498, 1_798, 1_998, 2_498, 2_998,
    3_498, 3_998, 4_998, 5_998, 6_998, 7_998, 9_998,
  ],
};

/** The exact price of a tier in another currency, before it is snapped to a familiar point. */
export function exactPrice(tier: Pick<Tier, 'basePrice'>, currency: Currency, rates: FxRates) {
  return (tier.basePrice * rates[currency]) / rates[BASE_CURRENCY];
}

/**
 * The familiar point for a price: the dearest one at or below it that is within the tolerance,
 * so a player never pays more than the pack's value and a badge never claims more than the pack
 * saves; only when none is that close, the nearest point above (judged by ratio, so $0.79 and
 * $89.99 are judged alike).
 */
export function snapToPoint(exact: number, currency: Currency): number {
  const points = PRICE_POINTS[currency];
  const below = points.filter((p) => p <= exact && withinParity(p, exact));
  if (below.length > 0) return below[below.length - 1]!;
  let best = points[0]!;
  for (const point of points) {
    if (Math.abs(Math.log(point / exact)) < Math.abs(Math.log(best / exact))) best = point;
  }
  return best;
}

/** How far a price is from the exact conversion: 0.05 is 5 % dearer, -0.05 5 % cheaper. */
export function parityGap(price: number, exact: number): number {
  return price / exact - 1;
}

/** The one test of "close enough", used both to choose a point and to check the choice. */
function withinParity(price: number, exact: number): boolean {
  return Math.abs(parityGap(price, exact)) <= PARITY_TOLERANCE;
}

export type PricedTier = Tier & {
  currency: Currency;
  /** Major units, the familiar point; priceMinor is what is charged. */
  price: number;
  priceMinor: number;
};

export class PriceListError extends Error {}

/**
 * Every tier in every currency, priced once at start. Refuses rates under which a tier cannot
 * be priced within the tolerance, or a pack falls outside the order limits.
 */
export function buildPriceList(rates: FxRates) {
  const problems: string[] = [];
  const priced = new Map<Currency, PricedTier[]>();
  for (const currency of CURRENCIES) {
    const list = TIERS.map((tier) => {
      const exact = exactPrice(tier, currency, rates);
      const price = snapToPoint(exact, currency);
      const gap = parityGap(price, exact);
      if (!withinParity(price, exact)) {
        problems.push(
          `${tier.id} in ${currency} would be ${price} for an exact ${exact.toFixed(2)} (${Math.round(gap * 100)} %)`,
        );
      }
      const usd = (price * rates.USD) / rates[currency];
      if (usd < ORDER_LIMITS_USD.min || usd > ORDER_LIMITS_USD.max) {
        problems.push(`${tier.id} in ${currency} is worth $${usd.toFixed(2)}, outside the limits`);
      }
      return {
        ...tier,
        currency,
        price,
        priceMinor: Math.round(price * 10 ** MINOR_DIGITS[currency]),
      };
    });
    priced.set(currency, list);
  }
  if (problems.length > 0) throw new PriceListError(problems.join('; '));

  return {
    rates,
    /** The goods call's answer for one currency. */
    list(currency: Currency): GoodsTier[] {
      return priced.get(currency)!.map((t) => ({
        id: t.id,
        price: t.price,
        price_minor: t.priceMinor,
        currency,
        gems: t.gems,
        bonus_gems: t.bonusGems,
        discount_percent: t.discountPercent,
      }));
    },
    find(id: string, currency: Currency): PricedTier | null {
      return priced.get(currency)!.find((t) => t.id === id) ?? null;
    },
  };
}

export type PriceList = ReturnType<typeof buildPriceList>;

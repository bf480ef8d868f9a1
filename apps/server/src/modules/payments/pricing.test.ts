import { CURRENCIES, type Currency, TOP_UP_PRICE_TIERS } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { TIERS } from './catalogue.js';
import {
  buildPriceList,
  exactPrice,
  type FxRates,
  PARITY_TOLERANCE,
  PRICE_POINTS,
  PriceListError,
} from './pricing.js';

const DEFAULT_RATES = loadConfig({}).FX_RATES;

/** What one pack costs in US dollars, at the rates it was priced with. */
const inUsd = (price: number, currency: Currency, rates: FxRates) =>
  (price * rates.USD) / rates[currency];

/** Every tier in every currency costs the same value as in yuan, within the tolerance. */
function expectParity(rates: FxRates) {
  const prices = buildPriceList(rates);
  const base = prices.list('CNY');
  for (const currency of CURRENCIES) {
    prices.list(currency).forEach((tier, i) => {
      const reference = inUsd(base[i]!.price, 'CNY', rates);
      const gap = inUsd(tier.price, currency, rates) / reference - 1;
      expect(
        Math.abs(gap),
        `${tier.id} ${currency} at ${JSON.stringify(rates)}`,
      ).toBeLessThanOrEqual(PARITY_TOLERANCE);
      // The same pack everywhere: only the price changes with the currency.
      expect([tier.gems, tier.bonus_gems]).toEqual([base[i]!.gems, base[i]!.bonus_gems]);
    });
  }
}

describe('top-up prices', () => {
  it('keeps the SPEC’s yuan points and gives dollars and yen their own familiar points', () => {
    const prices = buildPriceList(DEFAULT_RATES);
    expect(prices.list('CNY').map((t) => t.price)).toEqual([...TOP_UP_PRICE_TIERS]);
    expect(prices.list('USD').map((t) => t.price)).toEqual([0.79, 3.99, 8.99, 17.99, 44.99, 89.99]);
    expect(prices.list('JPY').map((t) => t.price)).toEqual([120, 600, 1_500, 2_500, 6_000, 12_000]);
    expect(prices.list('USD').map((t) => t.price_minor)).toEqual([79, 399, 899, 1799, 4499, 8999]);
    expect(prices.list('JPY')[0]!.price_minor).toBe(120);
    expect(prices.list('CNY')[5]!.price_minor).toBe(64_800);
  });

  it('prices every tier in every currency within 15 % of parity at the configured rates', () => {
    expectParity(DEFAULT_RATES);
  });

  it('stays within 15 % at other rates, however the operator moves them', () => {
    for (let cny = 5; cny <= 10; cny += 0.25) {
      for (let jpy = 80; jpy <= 250; jpy += 10) expectParity({ USD: 1, CNY: cny, JPY: jpy });
    }
    // Any scale: the same rates stated per yuan price the same.
    expect(buildPriceList({ CNY: 1, USD: 1 / 7.1, JPY: 150 / 7.1 }).list('JPY')).toEqual(
      buildPriceList(DEFAULT_RATES).list('JPY'),
    );
  });

  it('no longer sells the largest pack for a hundredth of its price in another language', () => {
    const prices = buildPriceList(DEFAULT_RATES);
    const usd = prices.find('gems_648', 'USD')!;
    const jpy = prices.find('gems_648', 'JPY')!;
    expect(usd.gems + usd.bonusGems).toBe(9_258);
    expect(inUsd(jpy.price, 'JPY', DEFAULT_RATES) / usd.price).toBeGreaterThan(1 / 1.3);
    expect(inUsd(jpy.price, 'JPY', DEFAULT_RATES) / usd.price).toBeLessThan(1.3);
  });

  it('keeps every discount badge true: a pack saves at least its badge against the base rate', () => {
    const prices = buildPriceList(DEFAULT_RATES);
    for (const currency of CURRENCIES) {
      for (const tier of prices.list(currency)) {
        // What all the pack's gems are worth at ten gems a yuan, in this currency.
        const worth =
          ((tier.gems + tier.bonus_gems) / 10) * (DEFAULT_RATES[currency] / DEFAULT_RATES.CNY);
        const saving = Math.round((1 - tier.price / worth) * 100);
        expect(saving, `${tier.id} ${currency}`).toBeGreaterThanOrEqual(tier.discount_percent ?? 0);
      }
    }
  });

  it('rounds down to a familiar point, so a pack never costs more than its value, where it can', () => {
    const prices = buildPriceList(DEFAULT_RATES);
    for (const currency of CURRENCIES) {
      for (const tier of prices.list(currency)) {
        const exact = exactPrice(TIERS.find((t) => t.id === tier.id)!, currency, DEFAULT_RATES);
        const closeBelow = PRICE_POINTS[currency].some((p) => p <= exact && p >= exact * 0.86);
        if (closeBelow) expect(tier.price, `${tier.id} ${currency}`).toBeLessThanOrEqual(exact);
        // ¥1,436 has no familiar point within 15 % below it: ¥1,500 is the nearest above.
        else expect(tier.price / exact, `${tier.id} ${currency}`).toBeLessThan(1.15);
      }
    }
  });

  it('refuses rates it cannot price fairly, naming the tier', () => {
    expect(() => buildPriceList({ USD: 1, CNY: 7.1, JPY: 0.5 })).toThrow(PriceListError);
    expect(() => buildPriceList({ USD: 1, CNY: 7.1, JPY: 0.5 })).toThrow(/gems_6 in JPY/);
    // A yuan worth $100 would make the largest pack worth far more than an order may be.
    expect(() => buildPriceList({ USD: 100, CNY: 1, JPY: 15_000 })).toThrow(/outside the limits/);
  });

  it('has familiar points in ascending order, never two alike', () => {
    for (const currency of CURRENCIES) {
      const points = PRICE_POINTS[currency];
      expect([...points].sort((a, b) => a - b)).toEqual(points);
      expect(new Set(points).size).toBe(points.length);
    }
    const cents = (p: number) => Math.round(p * 100) % 100;
    expect(PRICE_POINTS.USD.every((p) => cents(p) % 10 === 9)).toBe(true);
    expect(PRICE_POINTS.USD.filter((p) => p > 10).every((p) => cents(p) === 99)).toBe(true);
    expect(TIERS.every((t) => PRICE_POINTS.CNY.includes(t.basePrice))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { formatGems, formatMoney } from './format';

describe('formatMoney', () => {
  it('reads minor units with each currency’s digits, whole amounts without zero cents', () => {
    expect(formatMoney(89, 'USD', 'en_US')).toBe('$0.89');
    expect(formatMoney(8_999, 'USD', 'zh_CN')).toBe('US$89.99');
    expect(formatMoney(64_800, 'CNY', 'zh_CN')).toBe('¥648');
    expect(formatMoney(600, 'CNY', 'zh_CN')).toBe('¥6');
    expect(formatMoney(15_000, 'JPY', 'ja_JP')).toBe('￥15,000');
    expect(formatMoney(15_000, 'JPY', 'en_US')).toBe('¥15,000');
  });
});

describe('formatGems', () => {
  it('groups thousands in every language', () => {
    for (const locale of ['en_US', 'zh_CN', 'ja_JP'] as const) {
      expect(formatGems(2_778, locale)).toBe('2,778');
      expect(formatGems(9_258, locale)).toBe('9,258');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('reads minor units with each currency’s digits', () => {
    expect(formatMoney(600, 'USD', 'en_US')).toBe('$6.00');
    expect(formatMoney(64_800, 'CNY', 'zh_CN')).toMatch(/648\.00/);
    expect(formatMoney(648, 'JPY', 'ja_JP')).toMatch(/648$/);
  });
});

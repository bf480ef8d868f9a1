import { describe, expect, it } from 'vitest';
import { abbreviate } from './abbreviate';

describe('abbreviate', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.0k'],
    [1234, '1.2k'],
    [1999, '1.9k'],
    [9999, '9.9k'],
    [10_000, '1.0w'],
    [12_345, '1.2w'],
    [99_999, '9.9w'],
    [100_000, '10.0w'],
    [9_258, '9.2k'],
    [99_999_999, '9999.9w'],
    [123_456_789, '12345.6w'],
  ])('%d → %s', (input, expected) => {
    expect(abbreviate(input)).toBe(expected);
  });

  it('rounds down, so a balance never reads as more than it is', () => {
    expect(abbreviate(1_099)).toBe('1.0k');
    expect(abbreviate(1_950)).toBe('1.9k');
    expect(abbreviate(19_999)).toBe('1.9w');
    expect(abbreviate(99_990_000)).toBe('9999.0w');
    expect(abbreviate(99_999_999)).not.toBe('10000.0w');
  });

  it('fits every balance up to 99,999,999 in seven characters', () => {
    for (const n of [0, 999, 1_000, 9_999, 10_000, 99_999, 999_999, 9_999_999, 99_999_999])
      expect(abbreviate(n).length).toBeLessThanOrEqual(7);
  });

  it('keeps the sign of negative values', () => {
    expect(abbreviate(-5)).toBe('-5');
    expect(abbreviate(-1234)).toBe('-1.2k');
    expect(abbreviate(-12_345)).toBe('-1.2w');
  });

  it('shows 0 for values that are not finite numbers', () => {
    expect(abbreviate(Number.NaN)).toBe('0');
    expect(abbreviate(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

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
    [123_456_789, '12345.6w'],
  ])('%d → %s', (input, expected) => {
    expect(abbreviate(input)).toBe(expected);
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

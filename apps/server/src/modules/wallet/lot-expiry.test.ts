import { describe, expect, it } from 'vitest';
import { lotExpiresAt, takeFromLots } from './lot-expiry.js';

describe('lotExpiresAt', () => {
  it('is the same instant a calendar year later', () => {
    expect(lotExpiresAt(new Date('2026-03-15T10:20:30.456Z')).toISOString()).toBe(
      '2027-03-15T10:20:30.456Z',
    );
  });

  it('gives a lot bought on a leap day until 1 March', () => {
    expect(lotExpiresAt(new Date('2028-02-29T23:59:59.000Z')).toISOString()).toBe(
      '2029-03-01T23:59:59.000Z',
    );
  });

  it('keeps 28 February of a leap year on 28 February', () => {
    expect(lotExpiresAt(new Date('2028-02-28T08:00:00.000Z')).toISOString()).toBe(
      '2029-02-28T08:00:00.000Z',
    );
  });
});

describe('takeFromLots', () => {
  const lots = [
    { id: 1, remaining: 5 },
    { id: 2, remaining: 10 },
    { id: 3, remaining: 7 },
  ];

  it('empties the soonest lots first', () => {
    expect(takeFromLots(lots, 12)).toEqual([
      { id: 1, remaining: 0 },
      { id: 2, remaining: 3 },
    ]);
  });

  it('touches only what it needs', () => {
    expect(takeFromLots(lots, 5)).toEqual([{ id: 1, remaining: 0 }]);
  });

  it('refuses an amount the lots cannot cover', () => {
    expect(() => takeFromLots(lots, 23)).toThrow(RangeError);
  });
});

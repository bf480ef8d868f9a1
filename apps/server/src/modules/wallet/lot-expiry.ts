/**
 * The first instant a lot bought at `purchasedAt` no longer counts: the same UTC time one
 * calendar year later. A lot bought on 29 February has no such day next year; Date.UTC rolls it
 * to 1 March, which gives the buyer the full year rather than a day less.
 */
export function lotExpiresAt(purchasedAt: Date): Date {
  return new Date(
    Date.UTC(
      purchasedAt.getUTCFullYear() + 1,
      purchasedAt.getUTCMonth(),
      purchasedAt.getUTCDate(),
      purchasedAt.getUTCHours(),
      purchasedAt.getUTCMinutes(),
      purchasedAt.getUTCSeconds(),
      purchasedAt.getUTCMilliseconds(),
    ),
  );
}

/** FIFO by expiry: how much each lot gives to cover `amount` (lots already sorted soonest first). */
export function takeFromLots(
  lots: readonly { id: number; remaining: number }[],
  amount: number,
): { id: number; remaining: number }[] {
  const changes: { id: number; remaining: number }[] = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    changes.push({ id: lot.id, remaining: lot.remaining - take });
    left -= take;
  }
  if (left > 0) throw new RangeError('lots do not cover the amount');
  return changes;
}

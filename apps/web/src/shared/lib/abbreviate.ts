/**
 * Compact counts (SPEC §9): below 1000 as is, then `k` (thousands) up to 9999, then `w`
 * (ten-thousands, 万). One decimal, truncated rather than rounded so 9999 reads "9.9k" and
 * never "10.0k", which would claim a unit it has not reached.
 */
export function abbreviate(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}${abs}`;
  const [unit, size] = abs < 10_000 ? (['k', 1000] as const) : (['w', 10_000] as const);
  // Whole tenths of the unit, in integer arithmetic to avoid float artefacts like 1.2000000001.
  const tenths = Math.trunc(abs / (size / 10));
  return `${sign}${Math.trunc(tenths / 10)}.${tenths % 10}${unit}`;
}

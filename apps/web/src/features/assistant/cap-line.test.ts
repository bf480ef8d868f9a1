import { describe, expect, it } from 'vitest';
import { formatReset } from './cap-line';

describe('when the assistant cap resets', () => {
  const now = new Date(2026, 10, 27, 15, 30);

  it('says only the time when it resets today, in the player locale', () => {
    const later = new Date(2026, 10, 27, 21, 5).toISOString();
    expect(formatReset(later, 'en_US', now)).toMatch(/9:05\s?PM/);
    expect(formatReset(later, 'ja_JP', now)).toBe('21:05');
  });

  it('names the day when it resets tomorrow', () => {
    const tomorrow = new Date(2026, 10, 28, 9, 0).toISOString();
    expect(formatReset(tomorrow, 'en_US', now)).toMatch(/Nov 28.*9:00\s?AM/);
    expect(formatReset(tomorrow, 'zh_CN', now)).toMatch(/11月28日.*9:00/);
  });
});

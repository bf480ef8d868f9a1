import { SERIES_LIMITS } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './media-token.js';

const at = (iso: string) => () => new Date(iso);

describe('signed video addresses', () => {
  const signer = createMediaSigner('a-secret-of-enough-length', at('2026-05-01T10:20:00Z'));

  it('lets a whole-video token open any file of that video only, until it expires', () => {
    const { token, exp } = signer.sign(7, { kind: 'all' });
    expect(token).toMatch(/^a\d+-[\w-]{22}$/);
    // Rounded up to the hour: at least the promised time, at most an hour more.
    const left = exp * 1000 - Date.parse('2026-05-01T10:20:00Z');
    expect(left).toBeGreaterThanOrEqual(SERIES_LIMITS.signedUrlSeconds * 1000);
    expect(left).toBeLessThan((SERIES_LIMITS.signedUrlSeconds + 3600) * 1000);
    expect(signer.allows(7, token, 'master.m3u8')).toBe(true);
    expect(signer.allows(7, token, '720p/seg_00003.ts')).toBe(true);
    expect(signer.allows(8, token, 'master.m3u8')).toBe(false);
    const later = createMediaSigner('a-secret-of-enough-length', () => new Date(exp * 1000 + 1));
    expect(later.allows(7, token, 'master.m3u8')).toBe(false);
  });

  it('lets a one-file token open that file alone', () => {
    const { token } = signer.sign(7, { kind: 'file', file: 'poster.jpg' });
    expect(signer.allows(7, token, 'poster.jpg')).toBe(true);
    expect(signer.allows(7, token, 'master.m3u8')).toBe(false);
    expect(signer.allows(7, token.replace(/^f/, 'a'), 'master.m3u8')).toBe(false);
  });

  it('refuses tokens signed with another secret, edited or malformed', () => {
    const { token } = signer.sign(7, { kind: 'all' });
    const other = createMediaSigner('another-secret-entirely', at('2026-05-01T10:20:00Z'));
    expect(other.allows(7, token, 'master.m3u8')).toBe(false);
    const [, exp, sig] = /^a(\d+)-(.+)$/.exec(token)!;
    const pushed = `a${Number(exp) + 3600}-${sig}`;
    for (const bad of [pushed, `${token}x`, token.slice(0, -1), '', 'a1-x', `b${token.slice(1)}`]) {
      expect(signer.allows(7, bad, 'master.m3u8'), bad).toBe(false);
    }
  });
});

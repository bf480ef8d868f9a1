import { createHmac, timingSafeEqual } from 'node:crypto';
import { SERIES_LIMITS } from '@taleforge/contracts/constants';

/**
 * The signature a video address carries in its path: `/media/v/{videoId}/{token}/{file}`. Put in
 * the path, not the query, so that every relative address inside a playlist (a rendition's
 * playlist, its segments, the thumbnail sprite) resolves under the same token and works as its
 * parent does. Two kinds:
 *   `a{exp}-{sig}`: every file of the video's folder (what playing it needs);
 *   `f{exp}-{sig}`: the one file whose relative path the signature covers (a poster in a list,
 *   which must not open a locked episode's playlist).
 * The signature is HMAC-SHA256 over the kind, video id, expiry (and file), cut to 128 bits.
 */
export type MediaGrant = { kind: 'all' } | { kind: 'file'; file: string };

const TOKEN = /^([af])([1-9][0-9]{0,11})-([A-Za-z0-9_-]{22})$/;

/**
 * Expiries are rounded up to the hour: the same episode gets the same addresses for an hour, so
 * the browser's cache of its segments is reused, and every address works at least
 * `signedUrlSeconds`.
 */
const ROUND_S = 3600;

export function createMediaSigner(secret: string, now: () => Date) {
  const key = Buffer.from(secret, 'utf8');

  function signature(videoId: number, exp: number, grant: MediaGrant): Buffer {
    const what = grant.kind === 'all' ? `a.${videoId}.${exp}` : `f.${videoId}.${exp}.${grant.file}`;
    return createHmac('sha256', key).update(what).digest().subarray(0, 16);
  }

  /** A fresh token and when it stops working (seconds since the epoch). */
  function sign(videoId: number, grant: MediaGrant): { token: string; exp: number } {
    const nowS = Math.floor(now().getTime() / 1000);
    const exp = Math.ceil((nowS + SERIES_LIMITS.signedUrlSeconds) / ROUND_S) * ROUND_S;
    const sig = signature(videoId, exp, grant).toString('base64url');
    return { token: `${grant.kind === 'all' ? 'a' : 'f'}${exp}-${sig}`, exp };
  }

  /** Whether the token, unexpired, lets its holder read `file` of the video's folder. */
  function allows(videoId: number, token: string, file: string): boolean {
    const match = TOKEN.exec(token);
    if (!match) return false;
    const [, kind, expText, sigText] = match;
    const exp = Number(expText);
    if (exp * 1000 < now().getTime()) return false;
    const grant: MediaGrant = kind === 'a' ? { kind: 'all' } : { kind: 'file', file };
    const given = Buffer.from(sigText!, 'base64url');
    const wanted = signature(videoId, exp, grant);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  return { sign, allows };
}

export type MediaSigner = ReturnType<typeof createMediaSigner>;

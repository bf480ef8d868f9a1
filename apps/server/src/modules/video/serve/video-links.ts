import type { VideoSource } from '@taleforge/contracts';
import { LOCALES } from '@taleforge/contracts/constants';
import type { MediaSigner } from './media-token.js';

/** What addresses are made of: a ready video's keys in the media store (the `videos` row). */
export interface VideoKeys {
  id: number;
  durationMs: number;
  masterKey: string | null;
  posterKey: string | null;
  thumbnailsKey: string | null;
  subtitles: Record<string, string>;
}

/** The part of a key under the video's own folder, or null for a key outside it. */
export function fileOfKey(videoId: number, key: string | null): string | null {
  const folder = `video/${videoId}/`;
  return key?.startsWith(folder) ? key.slice(folder.length) : null;
}

/**
 * Signed addresses of a video's files, under `{base}/{videoId}/{token}/`: what the player fetches
 * (routes in serve-routes.ts check them). Whether the viewer may have them is the caller's
 * decision (a locked episode gets none).
 */
export function createVideoLinks(signer: MediaSigner, base: string) {
  const under = (videoId: number, token: string, file: string) =>
    `${base}/${videoId}/${token}/${file}`;

  /** Everything needed to play the video; null when it has no master playlist yet. */
  function source(video: VideoKeys): VideoSource | null {
    const master = fileOfKey(video.id, video.masterKey);
    if (!master) return null;
    const { token, exp } = signer.sign(video.id, { kind: 'all' });
    const link = (key: string | null) => {
      const file = fileOfKey(video.id, key);
      return file ? under(video.id, token, file) : null;
    };
    return {
      hls_url: under(video.id, token, master),
      poster_url: link(video.posterKey) ?? '',
      thumbnails_url: link(video.thumbnailsKey),
      subtitles: LOCALES.flatMap((lang) => {
        const url = link(video.subtitles[lang] ?? null);
        return url ? [{ lang, url }] : [];
      }),
      duration_ms: video.durationMs,
      expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  /** The poster alone, for lists: its address opens no other file of the video. */
  function poster(video: Pick<VideoKeys, 'id' | 'posterKey'>): string | null {
    const file = fileOfKey(video.id, video.posterKey);
    if (!file) return null;
    return under(video.id, signer.sign(video.id, { kind: 'file', file }).token, file);
  }

  return { source, poster };
}

export type VideoLinks = ReturnType<typeof createVideoLinks>;

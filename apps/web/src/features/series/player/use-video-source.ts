import { type RefObject, useEffect } from 'react';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Where the browser plays HLS itself (Safari, iOS), hls.js is never downloaded. */
export const playsHlsNatively = (video: HTMLVideoElement) => video.canPlayType(HLS_TYPE) !== '';

/** Fetched when the player opens, so the first episode does not wait for it after its address. */
export const loadHls = () => import('hls.js/light').then((m) => m.default);

/**
 * Plays `url` (an HLS master playlist) in `video`, through hls.js where the browser needs it.
 * The first rendition is the smallest, which is also the one fetched ahead for the next episode
 * (prefetch-next.ts); the player's size then caps how high the quality climbs.
 */
export function useVideoSource(
  video: RefObject<HTMLVideoElement | null>,
  url: string | null,
  onFailed: () => void,
) {
  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let cancelled = false;
    let destroy = () => {};
    const start = () => void element.play().catch(() => {});
    if (playsHlsNatively(element)) {
      element.src = url;
      start();
    } else {
      void loadHls().then((Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          element.src = url;
          start();
          return;
        }
        const hls = new Hls({ startLevel: 0, capLevelToPlayerSize: true, maxBufferLength: 20 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) onFailed();
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        start();
        destroy = () => hls.destroy();
      }, onFailed);
    }
    return () => {
      cancelled = true;
      destroy();
      element.removeAttribute('src');
      element.load();
    };
  }, [video, url, onFailed]);
}

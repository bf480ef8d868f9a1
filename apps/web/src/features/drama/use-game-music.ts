import { readItem, writeItem } from '@taleforge/browser/storage';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Local choice: '1' when the player turned the music on. Off until then (autoplay is blocked). */
export const MUSIC_KEY = 'play_music';
/** Background music sits under the story, not over it. */
export const MUSIC_VOLUME = 0.35;
export const FADE_MS = 600;
const FADE_STEP_MS = 40;

/**
 * Plays a game's theme in a loop while the player wants music: fades in and out, pauses while the
 * page is hidden, stops when the page goes. No element exists (and nothing is fetched) until the
 * music is first turned on.
 */
export function useGameMusic(url: string | null) {
  const [on, setOn] = useState(() => readItem(MUSIC_KEY) === '1');
  const audio = useRef<HTMLAudioElement | null>(null);
  const stopFade = useRef(() => {});

  const fade = useCallback((element: HTMLAudioElement, to: number, done?: () => void) => {
    stopFade.current();
    const from = element.volume;
    const started = Date.now();
    const timer = setInterval(() => {
      const k = Math.min(1, (Date.now() - started) / FADE_MS);
      element.volume = from + (to - from) * k;
      if (k < 1) return;
      clearInterval(timer);
      done?.();
    }, FADE_STEP_MS);
    stopFade.current = () => clearInterval(timer);
  }, []);

  /** Stops at once and drops the source, which ends the download too. */
  const release = useCallback(() => {
    stopFade.current();
    const element = audio.current;
    audio.current = null;
    if (!element) return;
    element.pause();
    element.removeAttribute('src');
    element.load();
  }, []);

  // Leaving the page stops the music.
  useEffect(() => release, [release]);

  useEffect(() => {
    // Another game's theme: its element goes.
    if (audio.current && audio.current.getAttribute('src') !== url) release();
    const element = audio.current;
    if (!url || !on) {
      if (element) fade(element, 0, () => element.pause());
      return;
    }
    const music = element ?? createAudio(url);
    audio.current = music;
    const listening = new AbortController();
    const start = () => {
      if (document.hidden) return;
      music.play().then(
        () => {
          // Turned off (or left) while the browser was starting it.
          if (!listening.signal.aborted) fade(music, MUSIC_VOLUME);
        },
        // Blocked until the player interacts with the page (a choice kept from an earlier visit).
        () => {
          const retry = () => {
            document.removeEventListener('pointerdown', retry);
            document.removeEventListener('keydown', retry);
            start();
          };
          document.addEventListener('pointerdown', retry, { signal: listening.signal });
          document.addEventListener('keydown', retry, { signal: listening.signal });
        },
      );
    };
    const handleVisibility = () => {
      if (!document.hidden) {
        start();
        return;
      }
      stopFade.current();
      music.pause();
      music.volume = 0;
    };
    document.addEventListener('visibilitychange', handleVisibility, { signal: listening.signal });
    start();
    return () => listening.abort();
  }, [url, on, fade, release]);

  const toggle = useCallback(() => {
    writeItem(MUSIC_KEY, on ? '0' : '1');
    setOn(!on);
  }, [on]);

  return { on, toggle };
}

function createAudio(url: string): HTMLAudioElement {
  const element = new Audio();
  element.loop = true;
  element.preload = 'auto';
  element.volume = 0;
  element.src = url;
  return element;
}

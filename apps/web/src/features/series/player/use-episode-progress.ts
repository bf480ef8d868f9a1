import { type RefObject, useEffect } from 'react';
import { hasToken } from '../../auth/session';
import { sendProgress } from '../series-api';
import { createProgressReporter, type ProgressReport } from './progress-reporter';

/** Reports in flight: closing the player waits for them before the page reads progress again. */
const pending = new Set<Promise<unknown>>();
export const progressSettled = () => Promise.allSettled([...pending]);

/**
 * Reports where `video` is in the episode (progress-reporter.ts says when), and hands each
 * position to `onReport` so a swipe back resumes there before the server is asked again.
 */
export function useEpisodeProgress(
  video: RefObject<HTMLVideoElement | null>,
  episode: { id: number; durationMs: number } | null,
  onReport: (report: ProgressReport) => void,
) {
  const episodeId = episode?.id ?? null;
  const durationMs = episode?.durationMs ?? 0;
  useEffect(() => {
    const element = video.current;
    if (!element || episodeId === null) return;
    const reporter = createProgressReporter({
      episodeId,
      durationMs,
      read: () => element.currentTime * 1000,
      canSave: () => hasToken(),
      send: (report) => {
        onReport(report);
        const sent = sendProgress(report).catch(() => {});
        pending.add(sent);
        void sent.finally(() => pending.delete(sent));
      },
    });
    const playing = () => reporter.playing();
    // A pause the browser makes on its own at the end is reported as the end instead.
    const paused = () => {
      if (!element.ended) reporter.paused();
    };
    const ended = () => reporter.ended();
    element.addEventListener('playing', playing);
    element.addEventListener('pause', paused);
    element.addEventListener('ended', ended);
    if (!element.paused) reporter.playing();
    return () => {
      element.removeEventListener('playing', playing);
      element.removeEventListener('pause', paused);
      element.removeEventListener('ended', ended);
      reporter.stop();
    };
  }, [video, episodeId, durationMs, onReport]);
}

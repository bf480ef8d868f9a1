import type { Clip } from '@taleforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId } from 'react';
import { Modal } from '../../../shared/ui/dialog/modal';
import { ClipPlayer } from './clip-player';
import { SeriesPlayer } from './series-player';
import { progressSettled } from './use-episode-progress';
import { loadHls, playsHlsNatively } from './use-video-source';
import './player.css';

export type PlayerStart =
  | { kind: 'series'; gameId: number; episodeId: number }
  | { kind: 'clips'; clips: Clip[]; index: number };

/**
 * The video player (SPEC §2 "video player modal"), its own chunk with hls.js behind it: full
 * screen on a phone, a 9:16 frame in the middle of a desktop.
 */
export function PlayerModal({ start, onClose }: { start: PlayerStart; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();

  // hls.js is asked for with the player, not after the first episode's address arrives.
  useEffect(() => {
    if (!playsHlsNatively(document.createElement('video'))) void loadHls().catch(() => {});
  }, []);

  const close = useCallback(() => {
    onClose();
    // The page behind shows the new progress once the last report has landed; that report is
    // sent as the player unmounts, after this handler.
    setTimeout(() => {
      void progressSettled().then(() =>
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === 'drama' &&
            (query.queryKey[1] === 'series' || query.queryKey[1] === 'continue'),
        }),
      );
    }, 0);
  }, [onClose, queryClient]);

  return (
    <Modal
      labelledBy={titleId}
      onClose={close}
      className="player-modal"
      overlayClassName="player-overlay"
      testId="player"
    >
      {start.kind === 'series' ? (
        <SeriesPlayer
          titleId={titleId}
          gameId={start.gameId}
          episodeId={start.episodeId}
          onClose={close}
        />
      ) : (
        <ClipPlayer titleId={titleId} clips={start.clips} index={start.index} onClose={close} />
      )}
    </Modal>
  );
}

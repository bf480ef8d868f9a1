import type { GameCard } from '@taleforge/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviate } from '../../shared/lib/abbreviate';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { ShareButton } from '../share/share-button';
import { CommentIcon, HeartIcon } from './social-icons';
import { useViewer } from './use-viewer';
import { useWorkLike, useWorkSocial } from './use-work-social';
import './social.css';

// The comments panel (and its composer) is fetched when a player first opens it.
const CommentsPanel = lazy(() => import('./comments-panel'));
const preloadPanel = () => void import('./comments-panel');

type Props = {
  gameId: number;
  title: string;
  /** Who made the work: their block keeps the viewer from commenting on it. */
  creator?: GameCard['creator'] | undefined;
};

/** A work's like, comments and share, on the side of the stage as short-drama players know them. */
export function WorkSocialBar({ gameId, title, creator }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const social = useWorkSocial(gameId).data;
  const like = useWorkLike(gameId);
  const [open, setOpen] = useState(false);
  const liked = social?.liked ?? false;
  const likes = abbreviate(social?.like_count ?? 0);
  const comments = abbreviate(social?.comment_count ?? 0);

  const handleLike = () => {
    if (!viewer.member) openLoginModal();
    else like.mutate(!liked);
  };

  return (
    <div className="work-social" data-testid="work-social">
      <button
        type="button"
        className={`work-social__button ${liked ? 'work-social__button--on' : ''}`}
        aria-pressed={liked}
        aria-label={t('social.like.label', { short: likes })}
        onClick={handleLike}
      >
        <HeartIcon size={24} filled={liked} />
        <span aria-hidden="true">{likes}</span>
      </button>
      <button
        type="button"
        className="work-social__button"
        aria-haspopup="dialog"
        aria-label={t('social.comments.open', { short: comments })}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setOpen(true)}
      >
        <CommentIcon size={24} />
        <span aria-hidden="true">{comments}</span>
      </button>
      <ShareButton target={{ kind: 'work', id: gameId }} name={title} look="rail" />
      {open && (
        <Suspense fallback={null}>
          <CommentsPanel
            gameId={gameId}
            title={title}
            creator={creator}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

import type { PlayState, ResourceInfo } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MusicToggle } from './music-toggle';

interface Props {
  state: PlayState | null;
  resources: ResourceInfo | undefined;
  journalOpen: boolean;
  onToggleJournal: () => void;
}

/** The bar over the stage: the way home, the game and chapter, stars, music and the journal. */
export function PlayHeader({ state, resources, journalOpen, onToggleJournal }: Props) {
  const { t } = useTranslation();
  const music = resources?.audio.find((a) => a.kind === 'music')?.url ?? null;
  return (
    <header className="play__top">
      <Link to="/For_You" className="icon-button play__back" aria-label={t('common.backHome')}>
        ‹
      </Link>
      <div className="play__titles">
        <h1>{resources?.game.title ?? '…'}</h1>
        {state && (
          <p>
            {t('play.chapters.title', {
              n: resources?.chapters.find((c) => c.id === state.chapter_id)?.position ?? 1,
              title: state.chapter_title,
            })}
          </p>
        )}
      </div>
      {state && (
        <span className="play__stars">
          <span aria-hidden="true">★ {state.stats.stars}</span>
          <span className="sr-only">
            {t('play.stats.starsCount', { count: state.stats.stars })}
          </span>
        </span>
      )}
      <MusicToggle url={music} />
      <button
        type="button"
        className="button button--small button--ghost play__journal-toggle"
        aria-expanded={journalOpen}
        aria-controls="play-journal"
        onClick={onToggleJournal}
      >
        {t('play.journal.open')}
      </button>
    </header>
  );
}

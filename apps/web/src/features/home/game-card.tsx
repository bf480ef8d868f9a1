import type { GameCard as GameCardData } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { CreatorLink } from '../profile/creator-link';
import { PlayCount } from './play-count';
import './game-card.css';

type Progress = { percent: number; chapter: string | null };

/** A game to open; with `progress`, one the player has started (where they are, how far). */
export function GameCard({ game, progress }: { game: GameCardData; progress?: Progress }) {
  const { t } = useTranslation();
  const [coverFailed, setCoverFailed] = useState(false);
  return (
    <article className="game-card">
      <Link to={`/drama/${game.id}`} className="game-card__link">
        <div className="game-card__cover">
          {game.cover && !coverFailed ? (
            <img
              src={game.cover}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setCoverFailed(true)}
            />
          ) : (
            <CoverArt seed={`${game.id}-${game.title}`} genre={game.script_type} />
          )}
          <span className="chip game-card__genre">{t(`genres.${game.script_type}`)}</span>
        </div>
        <h3 className="game-card__title">{game.title}</h3>
      </Link>
      {progress ? (
        <div className="game-card__progress">
          {progress.chapter && <span className="game-card__chapter">{progress.chapter}</span>}
          <progress
            max={100}
            value={progress.percent}
            aria-label={t('home.progress', { percent: Math.round(progress.percent) })}
          />
        </div>
      ) : (
        <p className="game-card__meta">
          <PlayCount count={game.play_count} className="game-card__plays" />
          <CreatorLink creator={game.creator} className="game-card__creator" />
        </p>
      )}
    </article>
  );
}

export function GameCardSkeleton() {
  return (
    <div className="game-card game-card--skeleton" aria-hidden="true">
      <div className="game-card__cover skeleton" />
      <div className="skeleton game-card__line" />
      <div className="skeleton game-card__line game-card__line--short" />
    </div>
  );
}

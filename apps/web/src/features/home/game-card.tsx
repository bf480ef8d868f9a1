import type { GameCard as GameCardData } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { abbreviate } from '../../shared/lib/abbreviate';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { PlayIcon } from '../../shared/ui/icons';
import './game-card.css';

export function GameCard({ game }: { game: GameCardData }) {
  const { t } = useTranslation();
  const [coverFailed, setCoverFailed] = useState(false);
  const plays = abbreviate(game.play_count);
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
      <p className="game-card__meta">
        <span className="game-card__plays" title={t('home.playsLabel', { value: game.play_count })}>
          <PlayIcon />
          {t('home.plays', { value: plays })}
        </span>
        <span className="game-card__creator">{game.creator.nick_name}</span>
      </p>
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

import type { GameCard } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { abbreviate } from '../../shared/lib/abbreviate';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { PlayIcon } from '../../shared/ui/icons';
import { rememberSeries } from '../drama/series-hint';

/** A series as short-drama apps show one: a tall 9:16 poster, its title and how many watch it. */
export function SeriesCard({ game }: { game: GameCard }) {
  const { t } = useTranslation();
  const [coverFailed, setCoverFailed] = useState(false);
  rememberSeries(game.id);
  return (
    <Link to={`/drama/${game.id}`} className="poster-card" data-kind="series">
      <span className="poster-card__art">
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
        {/* Nobody has watched it yet: "New", as a story's card says, not a play sign and a 0. */}
        {game.play_count === 0 ? (
          <span className="poster-card__badge poster-card__badge--new">{t('home.newWork')}</span>
        ) : (
          <span className="poster-card__badge">
            <PlayIcon />
            {abbreviate(game.play_count)}
          </span>
        )}
      </span>
      <span className="poster-card__title">{game.title}</span>
      <span className="poster-card__meta">{t(`genres.${game.script_type}`)}</span>
    </Link>
  );
}

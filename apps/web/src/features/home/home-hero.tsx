import type { GameCard } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { BookIcon, PlayIcon } from '../../shared/ui/icons';
import { PlayCount } from './play-count';

/** The featured game, or — before any game exists — the product's own invitation. */
export function HomeHero({ game }: { game?: GameCard | undefined }) {
  const { t } = useTranslation();
  const [coverFailed, setCoverFailed] = useState(false);
  const showCover = Boolean(game?.cover) && !coverFailed;

  return (
    <section className={`hero${game ? '' : ' hero--welcome'}`} aria-labelledby="hero-title">
      <div className="hero__backdrop" aria-hidden="true">
        <CoverArt
          seed={game ? `${game.id}-${game.title}` : 'taleforge-hero'}
          genre={game?.script_type ?? null}
          shape="wide"
        />
      </div>
      <div className="hero__content">
        <p className="hero__eyebrow">{t(game ? 'home.heroEyebrow' : 'home.heroFallbackEyebrow')}</p>
        <h2 id="hero-title" className="hero__title">
          {game ? game.title : t('home.heroFallbackTitle')}
        </h2>
        <p className="hero__body">{game ? game.description : t('home.heroFallbackBody')}</p>
        {game && (
          <div className="hero__meta">
            <span className="chip">{t(`genres.${game.script_type}`)}</span>
            <span className="hero__stat">
              <BookIcon />
              {t('home.chapters', { count: game.chapter_count })}
            </span>
            <PlayCount count={game.play_count} className="hero__stat" />
          </div>
        )}
        {game && (
          <Link to={`/drama/${game.id}`} className="button button--gold hero__cta">
            <PlayIcon size={16} />
            {t('home.play')}
          </Link>
        )}
      </div>
      {game && (
        <div className="hero__cover" aria-hidden="true">
          {showCover ? (
            <img src={game.cover} alt="" onError={() => setCoverFailed(true)} />
          ) : (
            <CoverArt seed={`${game.id}-${game.title}`} genre={game.script_type} />
          )}
        </div>
      )}
    </section>
  );
}

export function HomeHeroSkeleton() {
  return <div className="hero hero--skeleton skeleton" aria-hidden="true" />;
}

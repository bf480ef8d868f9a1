import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { hasToken } from '../auth/session';
import { GameCard, GameCardSkeleton } from '../home/game-card';
import { ContinueWatching } from '../series/continue-watching';
import { openPlayer } from '../series/open-player';
import { useContinueWatching, useWorkShelf } from '../series/series-api';
import { SeriesCard } from '../series/series-card';
import { DramaShelf } from './drama-shelf';
import '../home/home.css';
import '../series/series.css';

/** The Drama tab: short-drama series and story games side by side, as one catalogue. */
export function DramaPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.drama'));
  const continuing = useContinueWatching(hasToken());
  const series = useWorkShelf('series');
  const stories = useWorkShelf('story');

  return (
    <div className="for-you drama-tab">
      <h1 className="sr-only">{t('titles.drama')}</h1>
      <ContinueWatching
        items={continuing.data ?? []}
        onPlay={(item) =>
          openPlayer({ kind: 'series', gameId: item.game_id, episodeId: item.episode_id })
        }
      />
      <DramaShelf
        title={t('series.shelves.series')}
        query={series}
        rowClass="poster-row"
        skeleton={<div className="poster-card poster-card--skeleton skeleton" />}
        render={(game) => <SeriesCard game={game} />}
      />
      <DramaShelf
        title={t('series.shelves.stories')}
        query={stories}
        rowClass="card-row"
        skeleton={<GameCardSkeleton />}
        render={(game) => <GameCard game={game} />}
        action={
          <Link to="/browse" className="home-section__more">
            {t('browse.linkFromDrama')}
          </Link>
        }
      />
    </div>
  );
}

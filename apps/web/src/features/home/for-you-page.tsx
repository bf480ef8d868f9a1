import type {
  HomeSection as HomeSectionData,
  homeCall,
  UserGame,
  userGamesCall,
} from '@taleforge/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Await, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import { endpoint, request } from '../../shared/api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { hasToken } from '../auth/session';
import { ContinueShelf } from './continue-shelf';
import { HomeEmpty } from './home-empty';
import { HomeHero, HomeHeroSkeleton } from './home-hero';
import { HomeSection, HomeSectionSkeleton } from './home-section';
import './home.css';

const home = endpoint<typeof homeCall>({ method: 'GET', path: '/api/h5/game/home' });
const userGames = endpoint<typeof userGamesCall>({
  method: 'GET',
  path: '/api/h5/game/user/games',
});
const CONTINUE_SHELF_SIZE = 10;

/** Starts the reads without waiting for them, so the shell and skeletons show at once. */
export function forYouLoader({ request: navigation }: LoaderFunctionArgs) {
  const sections = request(home, { signal: navigation.signal });
  // Only someone with a session (a visitor who opened a game counts) has games to go back to.
  const started = hasToken()
    ? request(userGames, {
        query: { page: 1, page_size: CONTINUE_SHELF_SIZE },
        signal: navigation.signal,
        quiet: true,
      }).then((page) => page.list)
    : Promise.resolve([]);
  // <Await> shows a failure; a read abandoned by navigating away must not be an unhandled rejection.
  sections.catch(() => {});
  // The shelf is a shortcut: without it the page is still whole.
  const continuing = started.catch((): UserGame[] => []);
  return { home: sections, continuing };
}

export function ForYouPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.forYou'));
  const { home: sections, continuing } = useLoaderData<typeof forYouLoader>();

  return (
    <div className="for-you">
      <h1 className="sr-only">{t('titles.forYou')}</h1>
      <Suspense fallback={<ForYouSkeleton />}>
        <Await resolve={sections} errorElement={<ForYouError />}>
          {(data) => <ForYouSections sections={data.sections} continuing={continuing} />}
        </Await>
      </Suspense>
    </div>
  );
}

function ForYouSections({
  sections,
  continuing,
}: {
  sections: HomeSectionData[];
  continuing: Promise<UserGame[]>;
}) {
  const filled = sections.filter((section) => section.games.length > 0);
  const featured =
    filled.find((section) => section.key === 'recommended')?.games[0] ?? filled[0]?.games[0];
  return (
    <>
      <HomeHero game={featured} />
      <Suspense fallback={null}>
        <Await resolve={continuing}>{(games) => <ContinueShelf games={games} />}</Await>
      </Suspense>
      {filled.length === 0 && <HomeEmpty />}
      {filled.map((section) => (
        <HomeSection key={section.key} section={section} />
      ))}
    </>
  );
}

function ForYouSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        {t('home.loading')}
      </p>
      <HomeHeroSkeleton />
      <HomeSectionSkeleton />
      <HomeSectionSkeleton />
    </div>
  );
}

function ForYouError() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <>
      <HomeHero />
      <div className="home-error" role="alert">
        <p>{t('home.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('common.retry')}
        </button>
      </div>
    </>
  );
}

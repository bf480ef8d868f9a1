import type {
  HomeSection as HomeSectionData,
  homeCall,
  UserGame,
  userGamesCall,
} from '@taleforge/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Await, Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import { endpoint, request } from '../../shared/api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { hasToken } from '../auth/session';
import { arrangeHome } from './arrange-home';
import { ContinueShelf } from './continue-shelf';
import { HomeDramaSlot } from './home-drama-slot';
import { HomeEmpty } from './home-empty';
import { HomeHero, HomeHeroSkeleton } from './home-hero';
import { HomeSection, HomeSectionSkeleton } from './home-section';
import './home.css';

const homeRead = endpoint<typeof homeCall>({ method: 'GET', path: '/api/h5/game/home' });
const userGames = endpoint<typeof userGamesCall>({
  method: 'GET',
  path: '/api/h5/game/user/games',
});
const CONTINUE_SHELF_SIZE = 10;

/** Starts the reads without waiting for them, so the shell and skeletons show at once. */
export function forYouLoader({ request: navigation }: LoaderFunctionArgs) {
  const sections = request(homeRead, { signal: navigation.signal });
  // Only someone with a session (a visitor who opened a game counts) has games to go back to.
  const started = hasToken()
    ? request(userGames, {
        query: { page: 1, page_size: CONTINUE_SHELF_SIZE },
        signal: navigation.signal,
        quiet: true,
      }).then((page) => page.list)
    : Promise.resolve([]);
  // The shelf is a shortcut: without it the page is still whole.
  const continuing = started.catch((): UserGame[] => []);
  // The shelves leave out the games the player is continuing, so the page waits for both reads;
  // the second never fails and is quick (or settled at once for a visitor without a session).
  const home = Promise.all([sections, continuing]).then(([data, games]) => ({
    sections: data.sections,
    continuing: games,
  }));
  // <Await> shows a failure; a read abandoned by navigating away must not be an unhandled rejection.
  home.catch(() => {});
  return { home };
}

export function ForYouPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.forYou'));
  const { home } = useLoaderData<typeof forYouLoader>();

  return (
    <div className="for-you">
      <h1 className="sr-only">{t('titles.forYou')}</h1>
      <Suspense fallback={<ForYouSkeleton />}>
        <Await resolve={home} errorElement={<ForYouError />}>
          {(data) => <ForYouSections sections={data.sections} continuing={data.continuing} />}
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
  continuing: UserGame[];
}) {
  const { t } = useTranslation();
  const { hero, shelves } = arrangeHome(
    sections,
    continuing.map((entry) => entry.game),
  );
  const browseLink = (
    <Link to="/browse" className="home-section__more">
      {t('home.browseAll')}
    </Link>
  );
  return (
    <>
      <HomeHero game={hero} />
      <ContinueShelf games={continuing} />
      {/* Only someone with a session has watched anything. */}
      {hasToken() && <HomeDramaSlot part="continue" />}
      {!hero && <HomeEmpty />}
      {shelves.map((section, index) => (
        <HomeSection
          key={section.key}
          section={section}
          action={index === 0 ? browseLink : undefined}
        />
      ))}
      {hero && shelves.length === 0 && <div className="home-browse">{browseLink}</div>}
      <HomeDramaSlot part="clips" />
    </>
  );
}

function ForYouSkeleton() {
  const { t } = useTranslation();
  return (
    // Spaced as the sections it stands for (the page's own skeleton, index.html, copies it).
    <div className="for-you__loading" aria-busy="true">
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

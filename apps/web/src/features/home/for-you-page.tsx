import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { HomeEmpty } from './home-empty';
import { HomeHero, HomeHeroSkeleton } from './home-hero';
import { HomeSection, HomeSectionSkeleton } from './home-section';
import { useHome } from './use-home';
import './home.css';

export function ForYouPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.forYou'));
  const home = useHome();
  const sections = (home.data?.sections ?? []).filter((section) => section.games.length > 0);
  const featured =
    sections.find((section) => section.key === 'recommended')?.games[0] ?? sections[0]?.games[0];

  return (
    <div className="for-you" aria-busy={home.isPending}>
      <h1 className="sr-only">{t('titles.forYou')}</h1>
      {home.isPending ? (
        <>
          <p className="sr-only" role="status">
            {t('home.loading')}
          </p>
          <HomeHeroSkeleton />
          <HomeSectionSkeleton />
          <HomeSectionSkeleton />
        </>
      ) : (
        <>
          <HomeHero game={featured} />
          {home.isError && (
            <div className="home-error" role="alert">
              <p>{t('home.loadFailed')}</p>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void home.refetch()}
              >
                {t('common.retry')}
              </button>
            </div>
          )}
          {home.isSuccess && sections.length === 0 && <HomeEmpty />}
          {sections.map((section) => (
            <HomeSection key={section.key} section={section} />
          ))}
        </>
      )}
    </div>
  );
}

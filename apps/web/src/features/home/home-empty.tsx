import { SCRIPT_TYPES } from '@taleforge/contracts/constants';
import { useTranslation } from 'react-i18next';
import { CoverArt } from '../../shared/ui/art/cover-art';

/** No games published yet: say so warmly, and show the worlds that are coming. */
export function HomeEmpty() {
  const { t } = useTranslation();
  return (
    <>
      <section className="home-empty" data-testid="home-empty">
        <div className="home-empty__art" aria-hidden="true">
          <CoverArt seed="forge-embers" genre="CREATIVITY" shape="square" />
        </div>
        <div>
          <h2 className="home-empty__title">{t('home.emptyTitle')}</h2>
          <p className="home-empty__body">{t('home.emptyBody')}</p>
        </div>
      </section>
      <GenreGallery />
    </>
  );
}

export function GenreGallery() {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="genre-gallery-title">
      <h2 id="genre-gallery-title" className="home-section__title">
        {t('home.genresTitle')}
      </h2>
      <ul className="genre-grid">
        {SCRIPT_TYPES.map((genre) => (
          <li key={genre} className="genre-tile">
            <CoverArt
              seed={`genre-${genre}`}
              genre={genre}
              shape="square"
              className="genre-tile__art"
            />
            <span className="genre-tile__name">{t(`genres.${genre}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

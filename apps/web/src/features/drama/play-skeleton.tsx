import { useTranslation } from 'react-i18next';
import './play-skeleton.css';

/**
 * The play page before it knows whether the id is a story or a series: the stage, its bar and
 * dialogue box, and the journal beside it, empty. The page the server sends draws the same
 * (index.html, `.boot__play`), so a first visit goes from that to this without a jump.
 */
export function PlaySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="play" aria-busy="true">
      <p className="sr-only" role="status">
        {t('play.loading')}
      </p>
      <div className="play__stage" aria-hidden="true">
        <div className="play__top">
          <span className="icon-button play__back" />
          <div className="play__titles">
            <div className="skeleton play-skeleton__title" />
          </div>
          <span className="icon-button play__music" />
          <span className="skeleton play-skeleton__toggle" />
        </div>
        <div className="play-skeleton__rail">
          <span />
          <span />
          <span />
        </div>
        <div className="play__spacer" />
        <div className="play__bottom">
          <div className="dialogue play-skeleton__dialogue">
            <div className="skeleton play-skeleton__line" />
            <div className="skeleton play-skeleton__line play-skeleton__line--short" />
          </div>
        </div>
      </div>
      <div className="play-skeleton__journal" aria-hidden="true">
        <div>
          <span />
          <span />
        </div>
        <div>
          <span />
          <span />
        </div>
        <div>
          <span />
          <span />
          <span />
        </div>
      </div>
    </div>
  );
}

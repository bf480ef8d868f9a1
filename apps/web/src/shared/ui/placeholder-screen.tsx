import type { ScriptType } from '@taleforge/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoverArt } from './art/cover-art';
import './placeholder-screen.css';

type PlaceholderScreenProps = {
  title: string;
  body: string;
  seed: string;
  genre?: ScriptType | null;
  /** Somewhere useful to go meanwhile, shown before the way home. */
  action?: { to: string; label: string };
};

/** A calm, honest stand-in for screens whose real content arrives in a later issue. */
export function PlaceholderScreen({
  title,
  body,
  seed,
  genre = null,
  action,
}: PlaceholderScreenProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="placeholder" aria-labelledby={titleId}>
      <div className="placeholder__art">
        <CoverArt seed={seed} genre={genre} shape="wide" />
      </div>
      <div className="placeholder__text">
        <span className="chip">{t('common.comingSoon')}</span>
        <h1 id={titleId} className="placeholder__title">
          {title}
        </h1>
        <p className="placeholder__body">{body}</p>
        {action && (
          <Link className="button button--gold" to={action.to}>
            {action.label}
          </Link>
        )}
        <Link className="button button--ghost" to="/For_You">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}

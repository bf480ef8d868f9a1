import { safeSession } from '@taleforge/browser/storage';
import { LIMITS } from '@taleforge/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useRouteError } from 'react-router';
import { isChunkLoadError, pageReloader, shouldReloadForChunkError } from './chunk-error';
import './route-error.css';

let lastHomeRedirectAt = 0;

/**
 * Router errors (SPEC §2): a module that failed to load means a new version is out, so reload
 * after 1 s; anything else sends the user home. Both refuse to loop: a second failure right
 * after shows a notice with a way out instead.
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkReload />;
  const now = Date.now();
  if (now - lastHomeRedirectAt > 3000) {
    lastHomeRedirectAt = now;
    return <Navigate to="/" replace />;
  }
  return <ErrorNotice messageKey="errors.generic" />;
}

function ChunkReload() {
  const [reloading] = useState(() => shouldReloadForChunkError(safeSession(), Date.now()));
  useEffect(() => {
    if (!reloading) return;
    const timer = setTimeout(() => pageReloader.reload(), LIMITS.reloadAfterChunkFailureMs);
    return () => clearTimeout(timer);
  }, [reloading]);
  return (
    <ErrorNotice
      messageKey={reloading ? 'errors.updating' : 'errors.updateFailed'}
      busy={reloading}
    />
  );
}

function ErrorNotice({ messageKey, busy = false }: { messageKey: string; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="route-error" role="status" aria-live="polite" data-testid="route-error">
      {busy && <span className="route-error__spinner" aria-hidden="true" />}
      <p className="route-error__message">{t(messageKey)}</p>
      {!busy && (
        <div className="route-error__actions">
          <button
            type="button"
            className="button button--gold"
            onClick={() => pageReloader.reload()}
          >
            {t('errors.reload')}
          </button>
          <Link className="button button--ghost" to="/For_You" reloadDocument>
            {t('common.backHome')}
          </Link>
        </div>
      )}
    </div>
  );
}

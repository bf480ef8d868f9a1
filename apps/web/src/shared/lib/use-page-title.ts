import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export type PageView = { path: string; title: string };
type PageViewListener = (view: PageView) => void;

const listeners = new Set<PageViewListener>();
let lastReportedKey: string | null = null;

/** The app subscribes once (analytics); screens never need to know who is listening. */
export function onPageView(listener: PageViewListener) {
  // Every router's first entry has the key "default": a new listener must hear the next screen
  // even if an earlier router (an earlier test file, in the same worker) showed that key.
  lastReportedKey = null;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Sets the localized document title ("For You · Taleforge") and announces one page view per
 * navigation, after the screen knows its title. A language switch retitles without a new view.
 */
export function usePageTitle(page: string) {
  const { t } = useTranslation();
  const { key, pathname } = useLocation();
  const title = t('titles.template', { page });
  const latest = useRef({ title, pathname });
  latest.current = { title, pathname };

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // Keyed by history entry: StrictMode's double effects and re-renders report once.
    if (lastReportedKey === key) return;
    lastReportedKey = key;
    // Only the path: query strings can carry one-time codes (e.g. the Discord callback).
    const view = { path: latest.current.pathname, title: latest.current.title };
    for (const listener of listeners) listener(view);
  }, [key]);
}

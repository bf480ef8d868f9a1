import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { reportPageViews } from '../features/analytics/report-page-views';
import { startSession } from '../features/auth/session-start';
import { i18n } from '../shared/i18n/i18n';
import { removeFirstPaintWhenShown } from './first-paint';
import { routes } from './routes';
import '@taleforge/browser/theme.css';
import './styles/global.css';

/** Mounts the app. The router is created here, not at import, so nothing runs before mount. */
export function mount(container: HTMLElement) {
  const router = createBrowserRouter(routes);
  // Loaders read translated content: a language switch reads it again.
  i18n.on('languageChanged', () => void router.revalidate());
  startSession();
  reportPageViews();
  removeFirstPaintWhenShown(container);
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

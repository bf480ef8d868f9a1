import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { reportPageViews } from '../features/analytics/report-page-views';
import { startSession } from '../features/auth/session-start';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import './styles/global.css';

/** Mounts the app. The router is created here, not at import, so nothing runs before mount. */
export function mount(container: HTMLElement) {
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient();
  startSession();
  reportPageViews();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

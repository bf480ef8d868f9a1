import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { TokenSyncProvider } from '../features/auth/token-sync-context';
import { ModerationSlot } from '../features/slots/slots';
import { WorkPage } from '../features/works/work-page';
import { WorksPage } from '../features/works/works-page';
import { Shell } from './shell';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

const router = createBrowserRouter([
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <WorksPage /> },
      { path: 'works/:id', element: <WorkPage /> },
      { path: 'works/:id/:section', element: <WorkPage /> },
      { path: 'moderation', element: <ModerationSlot /> },
      { path: 'moderation/:tab', element: <ModerationSlot /> },
      { path: '*', element: <WorksPage /> },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TokenSyncProvider>
        <RouterProvider router={router} />
      </TokenSyncProvider>
    </QueryClientProvider>
  );
}

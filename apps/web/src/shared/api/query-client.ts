import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The client already toasts network failures; automatic retries would toast again.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache. This module loads with the first screen that needs it, never at start-up. */
export const queryClient = createQueryClient();

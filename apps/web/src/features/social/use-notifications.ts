import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api';
import { endpoints, socialKeys } from './social-api';

/** How often the bell asks for news while the page is open (and again whenever it is refocused). */
export const UNREAD_POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: socialKeys.unread,
    queryFn: ({ signal }) => request(endpoints.unread, { signal, quiet: true }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: socialKeys.notifications,
    queryFn: ({ signal, pageParam }) =>
      request(endpoints.notifications, { query: { cursor: pageParam }, signal, quiet: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** Marks read everything up to the newest notification shown; the bell takes the new count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) =>
      request(endpoints.read, { body: { up_to_id: upToId }, quiet: true }),
    onSuccess: ({ unread }) => queryClient.setQueryData(socialKeys.unread, { unread }),
  });
}

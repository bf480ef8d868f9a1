import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';

type Page<T> = { list: T[]; next_cursor: string | null };

/**
 * A moderation queue read page by page with its cursors. A handled item is hidden at once (it
 * has left the queue on the server); a keyset cursor still reads on from where the page was.
 */
export function useQueue<T>(
  key: readonly unknown[],
  read: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
  idOf: (item: T) => number,
) {
  const [handled, setHandled] = useState<ReadonlySet<number>>(new Set());
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const items = (query.data?.pages ?? [])
    .flatMap((page) => page.list)
    .filter((item) => !handled.has(idOf(item)));
  return {
    query,
    items,
    leave(id: number) {
      setHandled((before) => new Set(before).add(id));
    },
  };
}

import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetAdminRole } from '../../shared/session';
import { useErrorText } from '../../shared/ui/error-message';
import { isNotAdmin, leftTheQueue } from './statuses';

type Page<T> = { list: T[]; next_cursor: string | null };

/** Why an item left the queue: a key of ours, or the server's own words (6602, 6603). */
export type Notice = { key: string } | { text: string };

/**
 * A moderation queue read page by page with its cursors. A handled item is hidden at once (it
 * has left the queue on the server); a keyset cursor still reads on from where the page was.
 * A 6601 means the role was revoked: the page then shows "not allowed" instead of an error.
 */
export function useQueue<T>(
  key: readonly unknown[],
  read: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
  idOf: (item: T) => number,
) {
  const { t } = useTranslation();
  const [handled, setHandled] = useState<ReadonlySet<number>>(new Set());
  // Kept as a key or the server's text, so it follows the language chosen afterwards.
  const [notice, setNotice] = useState<Notice | null>(null);
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const refused = isNotAdmin(query.error);
  useEffect(() => {
    if (refused) forgetAdminRole();
  }, [refused]);
  const items = (query.data?.pages ?? [])
    .flatMap((page) => page.list)
    .filter((item) => !handled.has(idOf(item)));
  return {
    query,
    items,
    notice: notice === null ? '' : 'key' in notice ? t(notice.key) : notice.text,
    leave(id: number, why: Notice) {
      setNotice(why);
      setHandled((before) => new Set(before).add(id));
    },
  };
}

/**
 * One item's decision. Done, the item leaves with `done`'s notice; handled elsewhere or gone
 * (6602, 6603), it leaves with the server's words; 6601 turns the page to "not allowed". Any
 * other failure stays on the item as `error`, to try again.
 */
export function useQueueAction<A>(
  run: (arg: A) => Promise<unknown>,
  done: (arg: A) => string,
  leave: (why: Notice) => void,
) {
  const errorText = useErrorText();
  const action = useMutation({
    mutationFn: run,
    onSuccess: (_, arg) => leave({ key: done(arg) }),
    onError: (error) => {
      if (isNotAdmin(error)) forgetAdminRole();
      else if (leftTheQueue(error)) leave({ text: errorText(error) });
    },
  });
  const failed = action.error;
  return {
    run: action.mutate,
    pending: action.isPending,
    error:
      failed && !leftTheQueue(failed) && !isNotAdmin(failed)
        ? errorText(failed)
        : (null as string | null),
  };
}

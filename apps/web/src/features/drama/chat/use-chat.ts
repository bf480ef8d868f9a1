import type { ChatSendEvent } from '@taleforge/contracts';
import type { Expression } from '@taleforge/contracts/constants';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { currentLocale } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast/toast-store';
import { walletKeys } from '../../wallet/wallet-api';
import {
  type ChatRecord,
  type ConversationKey,
  chatKeys,
  fetchInfo,
  fetchRecords,
  type ReplyHandlers,
  regenerateReply,
  sendMessage,
} from './chat-api';

export function useConversationInfo(key: ConversationKey) {
  const locale = currentLocale();
  return useQuery({
    queryKey: chatKeys.info(key, locale),
    queryFn: ({ signal }) => fetchInfo(key, signal),
  });
}

/** How often the history is read again while a reply this page did not start is still written. */
export const WRITING_POLL_MS = 700;

/**
 * History, newest page first from the server; the panel shows it oldest first. A reply still
 * being written (the page was reloaded mid-reply, or another tab sent it) is read again until it
 * ends, and then the goal and the balance are read again too.
 */
export function useChatRecords(key: ConversationKey) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: chatKeys.records(key),
    queryFn: ({ pageParam, signal }) => fetchRecords(key, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (q) =>
      q.state.data?.pages[0]?.records.some((r) => r.state === 'streaming')
        ? WRITING_POLL_MS
        : false,
  });
  const records: ChatRecord[] = (query.data?.pages ?? [])
    .slice()
    .reverse()
    .flatMap((p) => p.records);
  const writing = records.some((r) => r.state === 'streaming');
  const wasWriting = useRef(false);
  useEffect(() => {
    if (wasWriting.current && !writing) {
      void queryClient.invalidateQueries({ queryKey: ['chat', 'info', key] });
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
    }
    wasWriting.current = writing;
  }, [key, queryClient, writing]);
  return { ...query, records, writing };
}

/** The turn being written now: the player's words and the reply so far. */
export interface LiveTurn {
  player: string | null;
  reply: string;
  expression: Expression | null;
  state: 'sending' | 'streaming' | 'done' | 'failed';
}

/**
 * Sending and regenerating: the reply streams into `live`, rendered as text; when it ends the
 * history, the goal and the balance are read again from the server.
 */
/** Body status of "not enough gems" (contracts status 3001; the browser does not load the catalogue). */
const INSUFFICIENT_GEMS = 3001;

export function useChatSend(
  key: ConversationKey,
  {
    onStoryContinued,
    onShort,
  }: {
    onStoryContinued: () => void;
    /** The server found too few gems: the player's words (null for a new reply) are handed back. */
    onShort: (message: string | null) => void;
  },
) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveTurn | null>(null);
  const busy = useRef(false);

  const settle = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.records(key) }),
      queryClient.invalidateQueries({ queryKey: ['chat', 'info', key] }),
      queryClient.invalidateQueries({ queryKey: chatKeys.memory(key) }),
      queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
    ]);
    setLive(null);
  }, [key, queryClient]);

  const run = useCallback(
    async (player: string | null, start: (handlers: ReplyHandlers) => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setLive({ player, reply: '', expression: null, state: 'sending' });
      let continued = false;
      const handlers: ReplyHandlers = {
        onAccepted: () => {
          setLive((l) => l && { ...l, state: 'streaming' });
          void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
        },
        onDelta: ({ text }) => setLive((l) => l && { ...l, reply: l.reply + text }),
        onDone: (done: ChatSendEvent<'done'>) => {
          continued = done.story_continued;
          setLive(
            (l) => l && { ...l, reply: done.text, expression: done.expression, state: 'done' },
          );
        },
        onError: (error: ChatSendEvent<'error'>) => {
          setLive((l) => l && { ...l, state: 'failed' });
          toast.error(error.desc);
        },
      };
      try {
        await start(handlers);
      } catch (error) {
        if (isApiError(error) && error.kind === 'status' && error.status === INSUFFICIENT_GEMS) {
          onShort(player);
        } else if (isApiError(error) && error.kind === 'status') toast.error(error.desc);
      } finally {
        busy.current = false;
        await settle();
        if (continued) onStoryContinued();
      }
    },
    [onShort, onStoryContinued, queryClient, settle],
  );

  const send = useCallback(
    (text: string) =>
      run(text, (handlers) => sendMessage(key, text, crypto.randomUUID(), handlers)),
    [key, run],
  );
  const regenerate = useCallback(
    (replyId: string) =>
      run(null, (handlers) => regenerateReply(key, replyId, crypto.randomUUID(), handlers)),
    [key, run],
  );
  return { live, send, regenerate };
}

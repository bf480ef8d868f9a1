import type { AssistantMessage, AssistantSettings, AssistantState } from '@taleforge/contracts';
import type { AssistantSource } from '@taleforge/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { currentLocale } from '../../shared/i18n/i18n';
import {
  assistantKeys,
  fetchHistory,
  fetchState,
  saveSettings,
  sendMessage,
} from './assistant-api';
import { sendWithRetry } from './send-with-retry';

/** Everything the panel shows, read once per language and then kept in step by each turn. */
export function useAssistantState() {
  return useQuery({
    queryKey: assistantKeys.state(currentLocale()),
    queryFn: ({ signal }) => fetchState(signal),
    staleTime: 60_000,
    retry: 1,
  });
}

function useUpdateState() {
  const queryClient = useQueryClient();
  const key = assistantKeys.state(currentLocale());
  return useCallback(
    (update: (state: AssistantState) => AssistantState) =>
      queryClient.setQueryData<AssistantState>(key, (old) => (old ? update(old) : old)),
    [queryClient, key],
  );
}

/** The avatar and mute switches: shown at once, saved for the account or visitor. */
export function useSaveSettings() {
  const update = useUpdateState();
  return useMutation({
    mutationFn: (changes: Partial<AssistantSettings>) => saveSettings(changes),
    onMutate: (changes) => update((s) => ({ ...s, ...changes })),
    onSuccess: (saved) => update((s) => ({ ...s, ...saved })),
  });
}

/** A turn on its way: the player's words show at once, the guide thinks until the reply. */
export type PendingTurn = { clientMessageId: string; text: string; source: AssistantSource };

export function useSendTurn() {
  const update = useUpdateState();
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const send = useCallback(
    async (text: string, source: AssistantSource): Promise<AssistantMessage> => {
      const turn = { clientMessageId: crypto.randomUUID(), text, source };
      setPending(turn);
      try {
        const data = await sendWithRetry(() => sendMessage(turn));
        update((s) => ({
          ...s,
          // A retried turn the server had already stored is not shown twice.
          messages: [
            ...s.messages.filter((m) => m.id !== data.message.id && m.id !== data.reply.id),
            data.message,
            data.reply,
          ],
          cap: data.cap,
        }));
        return data.reply;
      } finally {
        setPending(null);
      }
    },
    [update],
  );
  return { send, pending };
}

/** Older messages, page by page, put before the ones shown. */
export function useOlderMessages() {
  const update = useUpdateState();
  return useMutation({
    mutationFn: (beforeId: number) => fetchHistory(beforeId),
    onSuccess: (page) =>
      update((s) => {
        const known = new Set(s.messages.map((m) => m.id));
        return {
          ...s,
          messages: [...page.messages.filter((m) => !known.has(m.id)), ...s.messages],
          has_more: page.has_more,
        };
      }),
  });
}

/** The cap read again from a 6401 refusal's moment: nothing left until it resets. */
export function useMarkCapUsed() {
  const update = useUpdateState();
  return useCallback(
    () => update((s) => ({ ...s, cap: { ...s.cap, used: Math.max(s.cap.used, s.cap.limit) } })),
    [update],
  );
}

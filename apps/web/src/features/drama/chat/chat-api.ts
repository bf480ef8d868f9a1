import type {
  ChatMemory,
  ChatRecord,
  ChatSendEvent,
  chatMemoryCall,
  chatMemoryUpdateCall,
  chatRecordCall,
  chatRegenerateCall,
  chatRewindCall,
  chatSendCall,
  conversationInfoV2Call,
} from '@taleforge/contracts';
import { endpoint, request, streamCall } from '../../../shared/api';

const infoCall = endpoint<typeof conversationInfoV2Call>({
  method: 'GET',
  path: '/api/auth/h5/game/v2/conversation/info',
});
const recordCall = endpoint<typeof chatRecordCall>({
  method: 'GET',
  path: '/api/auth/h5/game/chat/record',
});
const sendCall = endpoint<typeof chatSendCall>({
  method: 'POST',
  path: '/api/auth/h5/game/chat/send',
});
const regenerateCall = endpoint<typeof chatRegenerateCall>({
  method: 'POST',
  path: '/api/auth/h5/game/chat/regenerate',
});
const rewindCall = endpoint<typeof chatRewindCall>({
  method: 'POST',
  path: '/api/auth/h5/game/chat/rewind',
});
const memoryCall = endpoint<typeof chatMemoryCall>({
  method: 'GET',
  path: '/api/auth/h5/game/chat/memory',
});
const memoryUpdateCall = endpoint<typeof chatMemoryUpdateCall>({
  method: 'POST',
  path: '/api/auth/h5/game/chat/memory',
});

export type ConversationKey = { game_id: number; npc_id: number };

export const chatKeys = {
  info: (key: ConversationKey, locale: string) => ['chat', 'info', key, locale] as const,
  records: (key: ConversationKey) => ['chat', 'records', key] as const,
  memory: (key: ConversationKey) => ['chat', 'memory', key] as const,
};

export const fetchInfo = (key: ConversationKey, signal?: AbortSignal) =>
  request(infoCall, { query: key, signal });

export const fetchRecords = (key: ConversationKey, cursor: string | null, signal?: AbortSignal) =>
  request(recordCall, { query: { ...key, limit: 20, ...(cursor ? { cursor } : {}) }, signal });

export const fetchMemory = (key: ConversationKey, signal?: AbortSignal) =>
  request(memoryCall, { query: key, signal });

export const saveMemory = (key: ConversationKey, memory: Pick<ChatMemory, 'summary' | 'pinned'>) =>
  request(memoryUpdateCall, { body: { ...key, ...memory } });

export const rewindTo = (key: ConversationKey, messageId: string) =>
  request(rewindCall, { body: { ...key, message_id: messageId } });

/** The events of one send, as the panel consumes them. */
export interface ReplyHandlers {
  onAccepted: (data: ChatSendEvent<'accepted'>) => void;
  onDelta: (data: ChatSendEvent<'delta'>) => void;
  onDone: (data: ChatSendEvent<'done'>) => void;
  onError: (data: ChatSendEvent<'error'>) => void;
}

function dispatch(handlers: ReplyHandlers) {
  return (name: string, data: unknown) => {
    if (name === 'accepted') handlers.onAccepted(data as ChatSendEvent<'accepted'>);
    else if (name === 'delta') handlers.onDelta(data as ChatSendEvent<'delta'>);
    else if (name === 'done') handlers.onDone(data as ChatSendEvent<'done'>);
    else if (name === 'error') handlers.onError(data as ChatSendEvent<'error'>);
  };
}

export const sendMessage = (
  key: ConversationKey,
  text: string,
  clientMessageId: string,
  handlers: ReplyHandlers,
) =>
  streamCall(
    sendCall,
    { body: { ...key, text, client_message_id: clientMessageId } },
    dispatch(handlers),
  );

export const regenerateReply = (
  key: ConversationKey,
  replyId: string,
  clientMessageId: string,
  handlers: ReplyHandlers,
) =>
  streamCall(
    regenerateCall,
    { body: { ...key, reply_id: replyId, client_message_id: clientMessageId } },
    dispatch(handlers),
  );

export type { ChatRecord };

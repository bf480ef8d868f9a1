import type {
  AssistantSettings,
  assistantHistoryCall,
  assistantReportCall,
  assistantSendCall,
  assistantSettingsCall,
  assistantSpeechCall,
  assistantStateCall,
  assistantTranscribeCall,
} from '@taleforge/contracts';
import type { AssistantSource } from '@taleforge/contracts/constants';
import { endpoint, request } from '../../shared/api';
import { ensurePlayer } from '../drama/play-api';

const stateCall = endpoint<typeof assistantStateCall>({
  method: 'GET',
  path: '/api/auth/h5/assistant/state',
});
const historyCall = endpoint<typeof assistantHistoryCall>({
  method: 'GET',
  path: '/api/auth/h5/assistant/history',
});
const settingsCall = endpoint<typeof assistantSettingsCall>({
  method: 'POST',
  path: '/api/auth/h5/assistant/settings',
});
const sendCall = endpoint<typeof assistantSendCall>({
  method: 'POST',
  path: '/api/auth/h5/assistant/send',
});
const transcribeCall = endpoint<typeof assistantTranscribeCall>({
  method: 'POST',
  path: '/api/auth/h5/assistant/transcribe',
});
const speechCall = endpoint<typeof assistantSpeechCall>({
  method: 'POST',
  path: '/api/auth/h5/assistant/speech',
});
const reportCall = endpoint<typeof assistantReportCall>({
  method: 'POST',
  path: '/api/auth/h5/assistant/report',
});

export const assistantKeys = {
  state: (locale: string) => ['assistant', 'state', locale] as const,
  all: ['assistant'] as const,
};

// Every call is under /api/auth/: a visitor gets the silent DF_ID session first, as a game does,
// so the conversation and the avatar are kept per visitor too.
export async function fetchState(signal?: AbortSignal) {
  await ensurePlayer();
  return request(stateCall, { signal });
}

export const fetchHistory = (beforeId: number) =>
  request(historyCall, { query: { before_id: beforeId } });

export const saveSettings = (changes: Partial<AssistantSettings>) =>
  request(settingsCall, { body: changes });

export type SendInput = { clientMessageId: string; text: string; source: AssistantSource };

/** Errors are shown by the panel, next to the text box that keeps the words. */
export const sendMessage = (input: SendInput) =>
  request(sendCall, {
    body: {
      client_message_id: input.clientMessageId,
      text: input.text,
      source: input.source,
      page: `${window.location.pathname}${window.location.search}`.slice(0, 200),
    },
    quiet: true,
  });

/** The recording's bytes as the body, like an avatar upload; the server reads the content. */
export const transcribe = (audio: Blob) => request(transcribeCall, { raw: audio, quiet: true });

export const fetchSpeech = (messageId: number, signal?: AbortSignal) =>
  request(speechCall, { body: { message_id: messageId }, signal, quiet: true });

export const sendReport = (body: {
  client_report_id: string;
  description: string;
  include_conversation: boolean;
}) => request(reportCall, { body });

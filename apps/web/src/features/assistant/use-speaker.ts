import type { AssistantMessage } from '@taleforge/contracts';
import type { AssistantAvatar, Locale, SpeechEngine } from '@taleforge/contracts/constants';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api';
import { base64ToBytes } from '../../shared/lib/base64';
import { toast } from '../../shared/ui/toast/toast-store';
import { fetchSpeech } from './assistant-api';
import { pickVoice } from './pick-voice';

type SpeakerOptions = {
  engine: SpeechEngine;
  avatar: AssistantAvatar;
  locale: Locale;
  /** The panel's <audio>, so what plays is part of the page (and a test can see it play). */
  audio: RefObject<HTMLAudioElement | null>;
};

/**
 * Reads replies aloud: the server's voice for the avatar (`server`), or the browser's speech
 * synthesis with a voice that matches it (`browser`). Only one reply speaks at a time; `stop`
 * (mute, closing the panel, a new turn) silences it. The text is always on screen as well.
 */
export function useSpeaker({ engine, avatar, locale, audio }: SpeakerOptions) {
  const [speaking, setSpeaking] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);
  // Held apart from the ref: when the panel unmounts, the ref is cleared before this hook's
  // cleanup runs, and a detached <audio> would go on playing.
  const playing = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    const element = playing.current;
    playing.current = null;
    if (element) {
      element.pause();
      element.removeAttribute('src');
    }
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel();
    setSpeaking(false);
  }, []);

  const speakOnServer = useCallback(
    async (message: AssistantMessage, signal: AbortSignal) => {
      const element = audio.current;
      if (!element) return;
      try {
        const { mime, audio: base64 } = await fetchSpeech(message.id, signal);
        if (signal.aborted) return;
        objectUrl.current = URL.createObjectURL(new Blob([base64ToBytes(base64)], { type: mime }));
        playing.current = element;
        element.src = objectUrl.current;
        element.onended = () => setSpeaking(false);
        element.onerror = () => setSpeaking(false);
        setSpeaking(true);
        await element.play();
      } catch (error) {
        if (signal.aborted) return;
        setSpeaking(false);
        // 6412 says the text is shown instead; a blocked autoplay needs no message.
        if (isApiError(error) && error.desc) toast.info(error.desc);
      }
    },
    [audio],
  );

  const speakInBrowser = useCallback(
    (message: AssistantMessage) => {
      if (typeof speechSynthesis === 'undefined') return;
      const utterance = new SpeechSynthesisUtterance(message.text);
      utterance.lang = locale.replace('_', '-');
      const voice = pickVoice(speechSynthesis.getVoices(), avatar, locale);
      if (voice) utterance.voice = voice;
      utterance.onstart = () => setSpeaking(true);
      utterance.onend = () => setSpeaking(false);
      utterance.onerror = () => setSpeaking(false);
      speechSynthesis.speak(utterance);
    },
    [avatar, locale],
  );

  const speak = useCallback(
    (message: AssistantMessage) => {
      stop();
      const controller = new AbortController();
      abort.current = controller;
      if (engine === 'server') void speakOnServer(message, controller.signal);
      else speakInBrowser(message);
    },
    [engine, speakInBrowser, speakOnServer, stop],
  );

  // The panel closing silences the guide.
  useEffect(() => stop, [stop]);

  return { speak, stop, speaking };
}

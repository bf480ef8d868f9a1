import type { Locale } from '@taleforge/contracts/constants';

/** The part of the Web Speech API's recognition we use (not in TypeScript's DOM types yet). */
type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  onstart: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const hasBrowserRecognition = () => recognitionConstructor() !== null;

/** What `finish` throws when the recognition never started: there is no service behind it. */
export const NO_SERVICE = 'no-service';

/**
 * The browser's own recognition while the button is held: `finish` stops it and answers the
 * words heard (empty when none), `cancel` drops them.
 */
export function startBrowserRecognition(locale: Locale) {
  const Constructor = recognitionConstructor();
  if (!Constructor) throw new Error('no speech recognition');
  const recognition = new Constructor();
  recognition.lang = locale.replace('_', '-');
  recognition.interimResults = false;
  recognition.continuous = true;
  let heard = '';
  let failure: string | null = null;
  // A recognition with a service behind it starts at once; one without (a Chromium built
  // without Google's speech keys) never starts and ends silently when stopped.
  let started = false;
  recognition.onstart = () => {
    started = true;
  };
  recognition.onresult = (event) => {
    heard = Array.from(event.results, (result) => result[0]?.transcript ?? '').join(' ');
  };
  recognition.onerror = (event) => {
    failure = event.error;
  };
  const ended = new Promise<void>((resolve) => {
    recognition.onend = () => resolve();
  });
  recognition.start();
  return {
    async finish(): Promise<string> {
      recognition.stop();
      await ended;
      // "no-speech" is silence, which the caller explains; anything else is a failure.
      if (failure && failure !== 'no-speech' && failure !== 'aborted') throw new Error(failure);
      if (!started) throw new Error(NO_SERVICE);
      return heard.trim();
    },
    cancel() {
      recognition.abort();
    },
  };
}

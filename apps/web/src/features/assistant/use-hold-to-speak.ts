import type { Locale, SpeechEngine } from '@taleforge/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api';
import { transcribe } from './assistant-api';
import { type Capture, canRecord, openCapture } from './audio-capture';
import { hasBrowserRecognition, NO_SERVICE } from './browser-recognition';
import {
  initialRecorder,
  type RecorderEvent,
  type RecorderHint,
  type RecorderState,
  recorderReducer,
} from './recorder-machine';

/** What the line under the microphone says: one of ours, or the server's localized `desc`. */
export type VoiceNotice = { key: RecorderHint | 'unavailable' | 'noSpeech' } | { text: string };

type Options = {
  engine: SpeechEngine;
  locale: Locale;
  /** The words heard, sent as a voice message. */
  onTranscript: (text: string) => void;
};

const now = () => performance.now();
const TICK_MS = 80;

/**
 * The browser's recognition has no service behind it: it never started (a Chromium built without
 * Google's speech keys), or said so ("network", "service-not-allowed"). Remembered for the page's
 * life: the button says so from then on, before anyone holds it again.
 */
const SERVICE_MISSING = new Set([
  NO_SERVICE,
  'network',
  'service-not-allowed',
  'language-not-supported',
]);
let browserServiceMissing = false;

/**
 * Hold to speak: runs the recorder machine's effects — opens the microphone on a press,
 * meters and times the hold, stops by itself at the cap, then transcribes (on the server, or
 * in the browser) and hands the words on. Any failure ends in a notice; the text box stays.
 */
export function useHoldToSpeak({ engine, locale, onTranscript }: Options) {
  const [state, setState] = useState<RecorderState>(initialRecorder);
  const [level, setLevel] = useState(0);
  const [transcribing, setTranscribing] = useState(false);
  const [notice, setNotice] = useState<VoiceNotice | null>(null);
  const current = useRef<RecorderState>(initialRecorder);
  const capture = useRef<Capture | null>(null);
  const deliver = useRef(onTranscript);
  deliver.current = onTranscript;
  const finish = useRef<(held: Capture) => Promise<void>>(async () => {});
  const [serviceMissing, setServiceMissing] = useState(browserServiceMissing);
  const available =
    engine === 'server' ? canRecord() : canRecord() && hasBrowserRecognition() && !serviceMissing;

  // Changes of phase carry the effects, so every way out of a hold (release, slide, Escape,
  // the cap, a failure) goes through one place.
  const dispatch = useCallback((event: RecorderEvent): RecorderState => {
    const previous = current.current;
    const next = recorderReducer(previous, event);
    if (next === previous) return next;
    current.current = next;
    setState(next);
    if (next.phase === 'idle') {
      capture.current?.discard();
      capture.current = null;
      setLevel(0);
      if (next.hint) setNotice({ key: next.hint });
    } else if (next.phase === 'finishing') {
      const held = capture.current;
      capture.current = null;
      setLevel(0);
      if (held) void finish.current(held);
      else queueMicrotask(() => dispatch({ type: 'done' }));
    }
    return next;
  }, []);

  finish.current = async (held: Capture) => {
    setTranscribing(true);
    try {
      const heard = await held.stop();
      const text = (typeof heard === 'string' ? heard : (await transcribe(heard)).text).trim();
      if (text) deliver.current(text);
      else setNotice({ key: 'noSpeech' });
    } catch (error) {
      if (engine === 'browser' && error instanceof Error && SERVICE_MISSING.has(error.message)) {
        browserServiceMissing = true;
        setServiceMissing(true);
        setNotice(null);
      } else {
        setNotice(isApiError(error) && error.desc ? { text: error.desc } : { key: 'failed' });
      }
    } finally {
      setTranscribing(false);
      dispatch({ type: 'done' });
    }
  };

  const press = useCallback(() => {
    // The composer already says why (see `notice` below).
    if (!available) return;
    if (dispatch({ type: 'press', at: now() }).phase !== 'starting') return;
    setNotice(null);
    openCapture(engine, locale).then(
      (opened) => {
        // Let go (or cancelled) while the microphone was opening: keep nothing.
        if (current.current.phase !== 'starting') return opened.discard();
        capture.current = opened;
        dispatch({ type: 'ready', at: now() });
      },
      (error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        dispatch({
          type: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed',
        });
      },
    );
  }, [available, dispatch, engine, locale]);

  const release = useCallback(() => dispatch({ type: 'release', at: now() }), [dispatch]);
  const cancel = useCallback(() => dispatch({ type: 'cancel' }), [dispatch]);

  const recording = state.phase === 'recording';
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      if (capture.current) setLevel(capture.current.level());
      dispatch({ type: 'tick', at: now() });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [recording, dispatch]);

  // Closing the panel mid-hold lets go of the microphone.
  useEffect(
    () => () => {
      capture.current?.discard();
      capture.current = null;
    },
    [],
  );

  // Without a way to hear the player, the line under the button says so before any press.
  const said: VoiceNotice | null = available ? notice : { key: 'unavailable' };
  return { state, level, transcribing, notice: said, available, press, release, cancel };
}

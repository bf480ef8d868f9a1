import type { Locale, SpeechEngine } from '@taleforge/contracts/constants';
import { startBrowserRecognition } from './browser-recognition';

/** One hold of the microphone: its loudness for the meter, and what it heard when it stops. */
export type Capture = {
  /** 0–1, how loud the microphone is now. */
  level(): number;
  /** Stops: the recording (`server`) or the browser's transcript (`browser`). */
  stop(): Promise<Blob | string>;
  /** Stops and keeps nothing. */
  discard(): void;
};

export const canRecord = () =>
  typeof navigator !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia) &&
  typeof MediaRecorder !== 'undefined';

/**
 * Opens the microphone (the permission prompt, the first time) and starts listening. The
 * meter reads the stream through Web Audio in both modes, so the player sees they are heard.
 */
export async function openCapture(engine: SpeechEngine, locale: Locale): Promise<Capture> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);

  const release = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };

  let recorder: MediaRecorder | null = null;
  let recognition: ReturnType<typeof startBrowserRecognition> | null = null;
  const chunks: Blob[] = [];
  try {
    if (engine === 'server') {
      recorder = new MediaRecorder(stream);
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.start();
    } else {
      recognition = startBrowserRecognition(locale);
    }
  } catch (error) {
    release();
    throw error;
  }

  return {
    level() {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      // Speech sits around 0.05–0.3 RMS: scale so a normal voice fills most of the meter.
      return Math.min(1, Math.sqrt(sum / samples.length) * 4);
    },
    async stop() {
      try {
        if (recognition) return await recognition.finish();
        const active = recorder!;
        const stopped = new Promise<void>((resolve) => {
          active.onstop = () => resolve();
        });
        active.stop();
        await stopped;
        return new Blob(chunks, { type: active.mimeType || 'audio/webm' });
      } finally {
        release();
      }
    },
    discard() {
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      recognition?.cancel();
      release();
    },
  };
}

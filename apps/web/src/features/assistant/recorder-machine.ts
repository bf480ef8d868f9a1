import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';

/** Why the last hold ended without a message, shown under the microphone button. */
export type RecorderHint = 'tooShort' | 'cancelled' | 'denied' | 'failed';

/**
 * Hold to speak, as a pure reducer so every path (hold, release, slide away, too short, the 60 s
 * cap, a refused microphone) is tested without a browser. The hook runs the effects: it opens the
 * microphone on `starting`, records on `recording`, and sends what `finishing` kept.
 */
export type RecorderState =
  | { phase: 'idle'; hint: RecorderHint | null }
  /** Pressed; the microphone is being opened (a permission prompt may be showing). */
  | { phase: 'starting'; pressedAt: number }
  | { phase: 'recording'; pressedAt: number; startedAt: number; elapsedMs: number }
  /** Released (or capped) after a real recording: stop, then transcribe and send. */
  | { phase: 'finishing'; durationMs: number; capped: boolean };

export type RecorderEvent =
  | { type: 'press'; at: number }
  | { type: 'ready'; at: number }
  | { type: 'release'; at: number }
  | { type: 'cancel' }
  | { type: 'tick'; at: number }
  | { type: 'denied' }
  | { type: 'failed' }
  | { type: 'done' };

export const initialRecorder: RecorderState = { phase: 'idle', hint: null };

export type RecorderLimits = { minMs: number; maxMs: number };

const LIMITS: RecorderLimits = {
  minMs: ASSISTANT_LIMITS.recordingMinMs,
  maxMs: ASSISTANT_LIMITS.recordingMaxMs,
};

export function recorderReducer(
  state: RecorderState,
  event: RecorderEvent,
  limits: RecorderLimits = LIMITS,
): RecorderState {
  switch (event.type) {
    case 'press':
      // A second press while busy (another finger, a repeated key) changes nothing.
      return state.phase === 'idle' ? { phase: 'starting', pressedAt: event.at } : state;
    case 'ready':
      return state.phase === 'starting'
        ? { phase: 'recording', pressedAt: state.pressedAt, startedAt: event.at, elapsedMs: 0 }
        : state;
    case 'release': {
      // Let go before the microphone opened: nothing was heard, so it counts as a tap.
      if (state.phase === 'starting') return { phase: 'idle', hint: 'tooShort' };
      if (state.phase !== 'recording') return state;
      if (event.at - state.pressedAt < limits.minMs) return { phase: 'idle', hint: 'tooShort' };
      return {
        phase: 'finishing',
        durationMs: Math.min(event.at - state.startedAt, limits.maxMs),
        capped: false,
      };
    }
    case 'cancel':
      return state.phase === 'starting' || state.phase === 'recording'
        ? { phase: 'idle', hint: 'cancelled' }
        : state;
    case 'tick': {
      if (state.phase !== 'recording') return state;
      const elapsedMs = event.at - state.startedAt;
      if (elapsedMs >= limits.maxMs) {
        return { phase: 'finishing', durationMs: limits.maxMs, capped: true };
      }
      return { ...state, elapsedMs };
    }
    case 'denied':
      return state.phase === 'starting' ? { phase: 'idle', hint: 'denied' } : state;
    case 'failed':
      return state.phase === 'idle' ? state : { phase: 'idle', hint: 'failed' };
    case 'done':
      return state.phase === 'finishing' ? initialRecorder : state;
  }
}

export const isHolding = (state: RecorderState) =>
  state.phase === 'starting' || state.phase === 'recording';

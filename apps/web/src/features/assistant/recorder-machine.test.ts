import { describe, expect, it } from 'vitest';
import {
  initialRecorder,
  type RecorderEvent,
  type RecorderState,
  recorderReducer,
} from './recorder-machine';

const limits = { minMs: 400, maxMs: 60_000 };
const run = (events: RecorderEvent[], from: RecorderState = initialRecorder) =>
  events.reduce((state, event) => recorderReducer(state, event, limits), from);

describe('hold to speak', () => {
  it('records while held and finishes on release with the time recorded', () => {
    const state = run([
      { type: 'press', at: 1000 },
      { type: 'ready', at: 1100 },
      { type: 'tick', at: 2100 },
      { type: 'release', at: 3100 },
    ]);
    expect(state).toEqual({ phase: 'finishing', durationMs: 2000, capped: false });
    expect(run([{ type: 'done' }], state)).toEqual(initialRecorder);
  });

  it('shows the elapsed time while recording', () => {
    const state = run([
      { type: 'press', at: 0 },
      { type: 'ready', at: 50 },
      { type: 'tick', at: 1550 },
    ]);
    expect(state).toMatchObject({ phase: 'recording', elapsedMs: 1500 });
  });

  it('treats a press shorter than the minimum as a tap that only hints', () => {
    const state = run([
      { type: 'press', at: 0 },
      { type: 'ready', at: 10 },
      { type: 'release', at: 399 },
    ]);
    expect(state).toEqual({ phase: 'idle', hint: 'tooShort' });
  });

  it('counts a release before the microphone opened as a tap', () => {
    expect(
      run([
        { type: 'press', at: 0 },
        { type: 'release', at: 2000 },
      ]),
    ).toEqual({
      phase: 'idle',
      hint: 'tooShort',
    });
  });

  it('cancels when the pointer slides away or Escape is pressed, keeping nothing', () => {
    const recording = run([
      { type: 'press', at: 0 },
      { type: 'ready', at: 10 },
    ]);
    const cancelled = run([{ type: 'cancel' }], recording);
    expect(cancelled).toEqual({ phase: 'idle', hint: 'cancelled' });
    // The finger lifted afterwards sends nothing.
    expect(run([{ type: 'release', at: 5000 }], cancelled)).toEqual(cancelled);
  });

  it('stops by itself at the cap and finishes with what it has', () => {
    const state = run([
      { type: 'press', at: 0 },
      { type: 'ready', at: 200 },
      { type: 'tick', at: 59_000 },
      { type: 'tick', at: 60_200 },
    ]);
    expect(state).toEqual({ phase: 'finishing', durationMs: 60_000, capped: true });
    // Letting go after the cap does not start or send a second recording.
    expect(run([{ type: 'release', at: 61_000 }], state)).toBe(state);
  });

  it('explains a refused microphone and ignores a second press while busy', () => {
    expect(run([{ type: 'press', at: 0 }, { type: 'denied' }])).toEqual({
      phase: 'idle',
      hint: 'denied',
    });
    const started = run([{ type: 'press', at: 0 }]);
    expect(run([{ type: 'press', at: 50 }], started)).toBe(started);
  });

  it('ends any hold with a failure hint when the recorder breaks', () => {
    const recording = run([
      { type: 'press', at: 0 },
      { type: 'ready', at: 10 },
    ]);
    expect(run([{ type: 'failed' }], recording)).toEqual({ phase: 'idle', hint: 'failed' });
    expect(run([{ type: 'failed' }])).toEqual(initialRecorder);
  });
});

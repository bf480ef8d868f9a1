import { SERIES_LIMITS } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { createProgressReporter, type ProgressReport } from './progress-reporter';

/** A clock the test moves by hand, so the cadence is exact. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { run: () => void; every: number; next: number }>();
  let ids = 0;
  return {
    setInterval: (run: () => void, every: number) => {
      ids += 1;
      timers.set(ids, { run, every, next: now + every });
      return ids;
    },
    clearInterval: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.values()]
          .filter((t) => t.next <= end)
          .sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.run();
      }
      now = end;
    },
    get now() {
      return now;
    },
  };
}

function setUp(options: { canSave?: boolean; durationMs?: number } = {}) {
  const clock = manualClock();
  const sent: ProgressReport[] = [];
  let position = 0;
  const reporter = createProgressReporter({
    episodeId: 7,
    durationMs: options.durationMs ?? 60_000,
    read: () => position,
    send: (report) => sent.push(report),
    canSave: () => options.canSave ?? true,
    clock,
  });
  // The video advances with the clock while it plays.
  const play = (ms: number) => {
    for (let i = 0; i < ms / 250; i++) {
      position += 250;
      clock.advance(250);
    }
  };
  return { clock, sent, reporter, play, seek: (ms: number) => (position = ms) };
}

describe('createProgressReporter', () => {
  it(`reports every ${SERIES_LIMITS.progressEveryMs} ms while playing, and on pause`, () => {
    const { sent, reporter, play, clock } = setUp();
    reporter.playing();
    play(4_750);
    expect(sent).toEqual([]);
    play(250);
    expect(sent).toEqual([{ episode_id: 7, position_ms: 5_000, completed: false }]);
    play(10_000);
    expect(sent.map((r) => r.position_ms)).toEqual([5_000, 10_000, 15_000]);
    play(1_500);
    reporter.paused();
    expect(sent.at(-1)).toEqual({ episode_id: 7, position_ms: 16_500, completed: false });
    // Paused: the clock runs on, nothing more is sent.
    clock.advance(20_000);
    expect(sent).toHaveLength(4);
  });

  it('marks the end (and anything within the last two seconds) completed', () => {
    const { sent, reporter, seek } = setUp();
    seek(58_500);
    reporter.paused();
    expect(sent.at(-1)).toMatchObject({ position_ms: 58_500, completed: true });
    seek(60_000);
    reporter.ended();
    expect(sent.at(-1)).toMatchObject({ position_ms: 60_000, completed: true });
  });

  it('does not send the same position twice in a row, and sends the last one on stop', () => {
    const { sent, reporter, seek } = setUp();
    seek(3_000);
    reporter.paused();
    reporter.stop();
    expect(sent).toHaveLength(1);
    seek(4_000);
    reporter.stop();
    expect(sent.map((r) => r.position_ms)).toEqual([3_000, 4_000]);
  });

  it('saves nothing without a session', () => {
    const { sent, reporter, play } = setUp({ canSave: false });
    reporter.playing();
    play(12_000);
    reporter.paused();
    reporter.stop();
    expect(sent).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacer } from './reply-pacing.js';

// The pacer is all timers: fake ones make each interval exact, so the tests wait for nothing
// and a busy machine cannot move a write into the wrong interval.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A write that takes `ms` of (fake) time. */
const slowly = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pacer', () => {
  it('writes the first piece at once and gathers the rest into one write per interval', async () => {
    const writes: string[] = [];
    const p = pacer(async (text) => void writes.push(text), 30, { firstAfterMs: 0 });
    await p.push('A');
    expect(writes).toEqual(['A']);
    void p.push('b');
    void p.push('c');
    void p.push('d');
    await vi.advanceTimersByTimeAsync(29);
    expect(writes).toEqual(['A']);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual(['A', 'bcd']);
    void p.push('e');
    await p.flush();
    expect(writes).toEqual(['A', 'bcd', 'e']);
    expect(writes.join('')).toBe('Abcde');
  });

  it('keeps writes in order and one at a time, however slow each write is', async () => {
    const writes: string[] = [];
    let running = 0;
    let overlapped = false;
    const p = pacer(
      async (text) => {
        running += 1;
        overlapped ||= running > 1;
        await slowly(20);
        writes.push(text);
        running -= 1;
      },
      5,
      { firstAfterMs: 0 },
    );
    const first = p.push('1');
    await vi.advanceTimersByTimeAsync(20);
    await first;
    for (const piece of ['2', '3', '4', '5']) {
      void p.push(piece);
      // Each interval ends while the write before is still running.
      await vi.advanceTimersByTimeAsync(8);
    }
    const flushed = p.flush();
    await vi.runAllTimersAsync();
    await flushed;
    expect(writes.join('')).toBe('12345');
    expect(writes.length).toBeGreaterThan(1);
    expect(overlapped).toBe(false);
  });

  it('can write the first piece after a short wait of its own, then pace the rest', async () => {
    const writes: string[] = [];
    const p = pacer(async (text) => void writes.push(text), 40, { firstAfterMs: 1 });
    void p.push('A');
    // Not in this turn: whatever the caller writes right after the push goes out first.
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual(['A']);
    void p.push('b');
    await vi.advanceTimersByTimeAsync(39);
    expect(writes).toEqual(['A']);
    await p.flush();
    expect(writes).toEqual(['A', 'b']);
  });

  it('reports a failed write at the next flush, without an unhandled rejection before it', async () => {
    const p = pacer(async () => {
      throw new Error('database gone');
    }, 5);
    void p.push('x');
    // The write runs and fails here; Vitest fails the test on an unhandled rejection.
    await vi.advanceTimersByTimeAsync(5);
    await expect(p.flush()).rejects.toThrow('database gone');
  });

  it('drops what is gathered on discard, after the write already running has finished', async () => {
    const writes: string[] = [];
    const p = pacer(
      async (text) => {
        await slowly(20);
        writes.push(text);
      },
      5,
      { firstAfterMs: 0 },
    );
    void p.push('A');
    void p.push('b');
    const discarded = p.discard();
    await vi.advanceTimersByTimeAsync(20);
    await discarded;
    expect(writes).toEqual(['A']);
    await vi.runAllTimersAsync();
    expect(writes).toEqual(['A']);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

const quiet = { error: () => {} };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodic', () => {
  it('never starts a run while the one before is still going', async () => {
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    // Each run takes 50 ms, five times the interval.
    const slow = async () => {
      runs++;
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      await new Promise((r) => setTimeout(r, 50));
      active--;
    };
    const stop = startPeriodic('slow', 10, slow, quiet);
    await vi.advanceTimersByTimeAsync(200);
    const stopping = stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopping;
    expect(mostAtOnce).toBe(1);
    // Runs start at 0, 60, 120 and 180 ms: each 10 ms after the one before ended.
    expect(runs).toBe(4);
  });

  it('waits its first delay when given one, then keeps the interval', async () => {
    const startedAt: number[] = [];
    const stop = startPeriodic(
      'daily',
      100,
      async () => void startedAt.push(Date.now()),
      quiet,
      undefined,
      100,
    );
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(99);
    expect(startedAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(201);
    await stop();
    expect(startedAt.map((t) => t - t0)).toEqual([100, 200, 300]);
  });

  it('logs a failed run and runs again', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('database down');
    };
    const stop = startPeriodic('failing', 10, failing, { error: (o: unknown) => errors.push(o) });
    await vi.advanceTimersByTimeAsync(25);
    await stop();
    expect(runs).toBe(3);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ job: 'failing' });
  });

  it('stops: once stopped, waits for the run in progress and starts no other', async () => {
    let runs = 0;
    let finished = false;
    const job = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 30));
      finished = true;
    };
    const stop = startPeriodic('job', 10, job, quiet);
    const stopping = stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopping;
    expect(finished).toBe(true);
    expect(runs).toBe(1);
  });
});

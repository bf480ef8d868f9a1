import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveQueue, type SaveStatus } from './save-queue';

afterEach(() => {
  vi.useRealTimers();
});

/** A server whose answers arrive when the test says, to see the order the queue keeps. */
function slowServer() {
  const stored = new Map<string, string>();
  const waiting: { path: string; source: string; settle: (ok: boolean) => void }[] = [];
  const save = (path: string, source: string) =>
    new Promise<void>((resolve, reject) =>
      waiting.push({
        path,
        source,
        settle: (ok) => {
          if (!ok) return reject(new Error('Over 5 MB'));
          stored.set(path, source);
          resolve();
        },
      }),
    );
  return { stored, waiting, save };
}

describe('saving as the author types', () => {
  it('saves a pause after the last change, one request per file at a time, newest last', async () => {
    vi.useFakeTimers();
    const server = slowServer();
    const statuses: string[] = [];
    let text = 'a';
    const queue = new SaveQueue(server.save, (_p, s: SaveStatus) => statuses.push(s.state), 800);

    queue.changed('main.ink', () => text);
    text = 'ab';
    queue.changed('main.ink', () => text);
    await vi.advanceTimersByTimeAsync(799);
    expect(server.waiting).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.waiting.map((w) => w.source)).toEqual(['ab']);

    text = 'abc';
    queue.changed('main.ink', () => text);
    await vi.advanceTimersByTimeAsync(800);
    // The second save waits for the first to be answered.
    expect(server.waiting).toHaveLength(1);
    server.waiting[0]?.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.waiting.map((w) => w.source)).toEqual(['ab', 'abc']);
    server.waiting[1]?.settle(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.stored.get('main.ink')).toBe('abc');
    expect(statuses).toEqual(['pending', 'saving', 'pending', 'saving', 'saved']);
  });

  it('keeps a failed text to try again on flush, with the failure’s message', async () => {
    const server = slowServer();
    const statuses: SaveStatus[] = [];
    const queue = new SaveQueue(server.save, (_p, s) => statuses.push(s), 800);
    queue.changed('main.ink', () => 'too big');
    const first = queue.flush();
    await vi.waitFor(() => expect(server.waiting).toHaveLength(1));
    server.waiting[0]?.settle(false);
    await first;
    expect(statuses.at(-1)).toEqual({ state: 'failed', error: 'Over 5 MB' });

    const second = queue.flush();
    await vi.waitFor(() => expect(server.waiting).toHaveLength(2));
    server.waiting[1]?.settle(true);
    await second;
    expect(server.stored.get('main.ink')).toBe('too big');
    expect(statuses.at(-1)).toEqual({ state: 'saved' });
    queue.dispose();
  });
});

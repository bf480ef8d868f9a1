import { describe, expect, it } from 'vitest';
import { pacer } from './reply-pacing.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pacer', () => {
  it('writes the first piece at once and gathers the rest into one write per interval', async () => {
    const writes: string[] = [];
    const p = pacer(async (text) => void writes.push(text), 30, { firstAfterMs: 0 });
    await p.push('A');
    expect(writes).toEqual(['A']);
    void p.push('b');
    void p.push('c');
    void p.push('d');
    expect(writes).toEqual(['A']);
    await sleep(60);
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
        await sleep(20);
        writes.push(text);
        running -= 1;
      },
      5,
      { firstAfterMs: 0 },
    );
    await p.push('1');
    for (const piece of ['2', '3', '4', '5']) {
      await p.push(piece);
      await sleep(8);
    }
    await p.flush();
    expect(writes.join('')).toBe('12345');
    expect(overlapped).toBe(false);
  });

  it('can write the first piece after a short wait of its own, then pace the rest', async () => {
    const writes: string[] = [];
    const p = pacer(async (text) => void writes.push(text), 40, { firstAfterMs: 1 });
    void p.push('A');
    // Not in this turn: whatever the caller writes right after the push goes out first.
    expect(writes).toEqual([]);
    await sleep(10);
    expect(writes).toEqual(['A']);
    void p.push('b');
    await sleep(10);
    expect(writes).toEqual(['A']);
    await p.flush();
    expect(writes).toEqual(['A', 'b']);
  });

  it('reports a failed write at the next flush, without an unhandled rejection before it', async () => {
    const p = pacer(async () => {
      throw new Error('database gone');
    }, 5);
    void p.push('x');
    await sleep(20);
    await expect(p.flush()).rejects.toThrow('database gone');
  });

  it('drops what is gathered on discard, after the write already running has finished', async () => {
    const writes: string[] = [];
    const p = pacer(
      async (text) => {
        await sleep(20);
        writes.push(text);
      },
      5,
      { firstAfterMs: 0 },
    );
    void p.push('A');
    void p.push('b');
    await p.discard();
    expect(writes).toEqual(['A']);
    await sleep(30);
    expect(writes).toEqual(['A']);
  });
});

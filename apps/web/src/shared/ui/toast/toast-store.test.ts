import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast for 3000 ms, fades it for 300 ms, then removes it', () => {
    const store = createToastStore();
    store.show('Saved', 'success');
    expect(store.getSnapshot()).toMatchObject([
      { message: 'Saved', kind: 'success', leaving: false },
    ]);

    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()[0]?.leaving).toBe(false);

    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.leaving).toBe(true);

    vi.advanceTimersByTime(299);
    expect(store.getSnapshot()).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('stacks toasts in the order they were raised and expires each on its own clock', () => {
    const store = createToastStore();
    store.show('first');
    vi.advanceTimersByTime(1000);
    store.show('second');
    expect(store.getSnapshot().map((toast) => toast.message)).toEqual(['first', 'second']);

    vi.advanceTimersByTime(2000 + 300);
    expect(store.getSnapshot().map((toast) => toast.message)).toEqual(['second']);

    vi.advanceTimersByTime(1000 + 300);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('can be dismissed early and notifies subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show('bye');
    store.dismiss(id);
    store.dismiss(id);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toEqual([]);
    // show, leave, remove — the second dismiss is ignored, and the 3000 ms timer finds nothing.
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});

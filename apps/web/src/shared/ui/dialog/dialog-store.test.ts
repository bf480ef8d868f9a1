import { describe, expect, it, vi } from 'vitest';
import { createDialogStore } from './dialog-store';

describe('dialog queue', () => {
  it('shows one dialog at a time, in the order they were opened', () => {
    const store = createDialogStore();
    store.open({ title: 'first' });
    store.open({ title: 'second' });
    store.open({ title: 'third' });
    expect(store.current()?.title).toBe('first');
    expect(store.getSnapshot()).toHaveLength(3);
  });

  it('shows the next dialog when the current one closes', () => {
    const store = createDialogStore();
    const onClose = vi.fn();
    store.open({ title: 'first', onClose });
    store.open({ title: 'second' });
    store.close();
    expect(onClose).toHaveBeenCalledOnce();
    expect(store.current()?.title).toBe('second');
    store.close();
    expect(store.current()).toBeUndefined();
  });

  it('can withdraw a waiting dialog without touching the one on screen', () => {
    const store = createDialogStore();
    store.open({ title: 'shown' });
    const waiting = store.open({ title: 'waiting' });
    store.open({ title: 'last' });
    store.close(waiting);
    expect(store.getSnapshot().map((dialog) => dialog.title)).toEqual(['shown', 'last']);
  });

  it('treats dialogs as closable unless told otherwise, and ignores unknown ids', () => {
    const store = createDialogStore();
    store.open({ title: 'a' });
    store.open({ title: 'b', closable: false });
    expect(store.getSnapshot().map((dialog) => dialog.closable)).toEqual([true, false]);
    const listener = vi.fn();
    store.subscribe(listener);
    store.close(999);
    expect(listener).not.toHaveBeenCalled();
  });
});

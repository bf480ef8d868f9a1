import { describe, expect, it } from 'vitest';
import { installLoginModalEvents } from './login-modal-events';
import { createLoginModalStore } from './login-modal-store';

describe('login modal store', () => {
  it('opens on the open-dialog and show-login-modal window events', () => {
    const store = createLoginModalStore();
    const target = new EventTarget();
    const uninstall = installLoginModalEvents(target, store);

    target.dispatchEvent(new CustomEvent('show-login-modal', { detail: { status: 1006 } }));
    expect(store.getSnapshot().open).toBe(true);
    store.close();
    target.dispatchEvent(new CustomEvent('open-dialog'));
    expect(store.getSnapshot().open).toBe(true);

    store.close();
    uninstall();
    target.dispatchEvent(new CustomEvent('open-dialog'));
    expect(store.getSnapshot().open).toBe(false);
  });

  it('cannot be closed while the nickname step is pending, and reopens at step 0', () => {
    const store = createLoginModalStore();
    store.open();
    store.goTo(1);
    store.close();
    expect(store.getSnapshot()).toEqual({ open: true, step: 1 });
    store.goTo(4);
    store.close();
    expect(store.getSnapshot()).toEqual({ open: false, step: 0 });
  });
});

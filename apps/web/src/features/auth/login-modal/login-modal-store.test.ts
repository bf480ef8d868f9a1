import { afterEach, describe, expect, it } from 'vitest';
import { installLoginModalEvents } from './login-modal-events';
import { createLoginModalStore } from './login-modal-store';

describe('login modal store', () => {
  afterEach(() => localStorage.clear());

  it('opens on the open-dialog and show-login-modal window events', () => {
    const store = createLoginModalStore();
    const target = new EventTarget();
    const uninstall = installLoginModalEvents(target, store);

    target.dispatchEvent(new CustomEvent('show-login-modal'));
    expect(store.getSnapshot().open).toBe(true);
    store.close();
    target.dispatchEvent(new CustomEvent('open-dialog'));
    expect(store.getSnapshot().open).toBe(true);

    store.close();
    uninstall();
    target.dispatchEvent(new CustomEvent('open-dialog'));
    expect(store.getSnapshot().open).toBe(false);
  });

  it('drops a token the server refused (1005–1007) when it opens for that reason', () => {
    const store = createLoginModalStore();
    const target = new EventTarget();
    installLoginModalEvents(target, store);
    localStorage.setItem('access_token', 'dead');
    localStorage.setItem('userInfo', '{}');
    localStorage.setItem('is_visitor', 'v-1');
    target.dispatchEvent(new CustomEvent('show-login-modal', { detail: { status: 1007 } }));
    expect(store.getSnapshot().open).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('is_visitor')).toBe('v-1');
  });

  it('walks the registration path: 0 → 2 → 3 → closed (registration signs in)', () => {
    const store = createLoginModalStore();
    store.open();
    store.codeSent('ada@example.com', 'register', 1_000);
    expect(store.getSnapshot()).toMatchObject({ step: 2, flow: 'register', codeSentAt: 1_000 });
    store.codeResent(61_000);
    expect(store.getSnapshot().codeSentAt).toBe(61_000);
    store.codeEntered('123456');
    expect(store.getSnapshot()).toMatchObject({ step: 3, code: '123456' });
    const steps: number[] = [];
    store.subscribe(() => steps.push(store.getSnapshot().step));
    store.registered();
    // One change straight to closed: no password step (4) in between.
    expect(steps).toEqual([0]);
    expect(store.getSnapshot()).toMatchObject({ open: false, step: 0, code: '', codeSentAt: null });
  });

  it('walks the reset path: 0 → 4 → 2 → 5 → 0', () => {
    const store = createLoginModalStore();
    store.open();
    store.emailKnown('ada@example.com');
    expect(store.getSnapshot().step).toBe(4);
    store.codeSent('ada@example.com', 'reset', 5);
    store.codeEntered('654321');
    expect(store.getSnapshot()).toMatchObject({ step: 5, code: '654321' });
    store.passwordReset();
    expect(store.getSnapshot()).toMatchObject({ step: 0, code: '', email: 'ada@example.com' });
  });

  it('cannot be closed while the nickname step is pending; a login closes it at step 0', () => {
    const store = createLoginModalStore();
    store.needNickname();
    store.close();
    expect(store.getSnapshot()).toMatchObject({ open: true, step: 1 });
    store.signedIn();
    expect(store.getSnapshot()).toMatchObject({ open: false, step: 0 });

    store.needNickname();
    store.forceClose();
    expect(store.getSnapshot()).toMatchObject({ open: false, step: 0 });
  });

  it('reopens at step 0 with the typed email after a close', () => {
    const store = createLoginModalStore();
    store.open();
    store.emailKnown('ada@example.com');
    store.close();
    store.open();
    expect(store.getSnapshot()).toMatchObject({ open: true, step: 0, email: 'ada@example.com' });
  });
});

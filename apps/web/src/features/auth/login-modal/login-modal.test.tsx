import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { toast } from '../../../shared/ui/toast/toast-store';
import { renderWithQuery } from '../../../test/render';
import { SETTLED } from '../../../test/settled';
import LoginModal from './login-modal';
import { loginModalStore } from './login-modal-store';

type Reply = { status?: number; desc?: string; data?: unknown };

/** A fake server: one handler per path; the handler sees the parsed body and query. */
function serve(routes: Record<string, (body: Record<string, unknown>, url: URL) => Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/taleforge/, '');
    const handler = routes[path];
    if (!handler) return new Response('{}', { status: 404 });
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    const reply = handler(body, url);
    return new Response(
      JSON.stringify({
        status: reply.status ?? 200,
        desc: reply.desc ?? 'ok',
        data: reply.data ?? null,
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const userResp = {
  taleforge_id: 'u_1',
  nick_name: 'Ada',
  avatar: null,
  email: 'ada@example.com',
  oauth_enum: 'EMAIL',
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
};
const loginData = {
  access_token: 'tok_1',
  oauth_enum: 'EMAIL',
  uid: 'u_1',
  need_complete_nick_name: false,
  new_user: false,
  user_info_resp: userResp,
};

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

let success: MockInstance<(message: string) => number>;
let failure: MockInstance<(message: string) => number>;

beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockReturnValue(0);
  failure = vi.spyOn(toast, 'error').mockReturnValue(0);
  loginModalStore.open();
});
afterEach(() => {
  loginModalStore.forceClose();
  vi.useRealTimers();
});

describe('<LoginModal/> step 0', () => {
  it('is a labelled modal dialog with the social buttons and the email field focused', () => {
    renderWithQuery(<LoginModal />);
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Taleforge' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('gives focus back to what had it when the modal goes away', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = renderWithQuery(<LoginModal />);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('moves focus into each new step and keeps Tab inside the dialog', async () => {
    serve({ '/api/v1/validate/user/exist': () => ({ data: true }) });
    renderWithQuery(<LoginModal />);
    type('Email', 'ada@example.com');
    click('Confirm');
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByLabelText('Password')),
      SETTLED,
    );
    const dialog = screen.getByRole('dialog');
    const login = screen.getByRole('button', { name: 'Login' });
    login.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));
  });

  it('says on the buttons that unconfigured providers are not available', () => {
    renderWithQuery(<LoginModal />);
    const google = screen.getByRole('button', { name: 'Google sign-in is not available' });
    const discord = screen.getByRole('button', { name: 'Discord sign-in is not available' });
    expect(google.hasAttribute('disabled')).toBe(true);
    expect(discord.hasAttribute('disabled')).toBe(true);
  });

  it('validates the email before asking the server', () => {
    const fetchMock = serve({});
    renderWithQuery(<LoginModal />);
    click('Confirm');
    expect(screen.getByRole('alert').textContent).toBe('Please enter Email');
    type('Email', 'not-an-email');
    click('Confirm');
    expect(errorOf('Email')).toBe('Please enter correct format');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to the password step (4) when the email has an account, focusing the password', async () => {
    serve({ '/api/v1/validate/user/exist': () => ({ data: true }) });
    renderWithQuery(<LoginModal />);
    type('Email', 'ada@example.com');
    click('Confirm');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByLabelText('Password')),
      SETTLED,
    );
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('mails a registration code and goes to step 2 when the email is new', async () => {
    const bodies: unknown[] = [];
    serve({
      '/api/v1/validate/user/exist': () => ({ data: false }),
      '/api/v1/login/ticket': (body) => {
        bodies.push(body);
        return { data: { resend_in: 60 } };
      },
    });
    renderWithQuery(<LoginModal />);
    type('Email', ' new@example.com ');
    click('Confirm');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(bodies).toEqual([
      { email: 'new@example.com', send_to_email: true, ticket_use_type: 'REGISTER' },
    ]);
    expect(screen.getByRole('button', { name: /Resend in 60 s/ }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('reopened for an address mailed moments ago, goes to the code step with the time left', async () => {
    vi.useFakeTimers({ now: 20_000_000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    serve({
      '/api/v1/validate/user/exist': () => ({ data: false }),
      // The server mailed a code 18 s ago: it sends nothing and says 42 s are left.
      '/api/v1/login/ticket': () => ({ data: { resend_in: 42 } }),
    });
    renderWithQuery(<LoginModal />);
    type('Email', 'again@example.com');
    click('Confirm');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(failure).not.toHaveBeenCalled();
    expect(loginModalStore.getSnapshot()).toMatchObject({
      step: 2,
      email: 'again@example.com',
      codeSentAt: 20_000_000 - 18_000,
    });
    const resend = screen.getByRole('button', { name: 'Resend in 42 s' });
    expect(resend.hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(42_000));
    expect(screen.getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('shows the server message as it comes', async () => {
    serve({
      '/api/v1/validate/user/exist': () => ({ status: 1003, desc: 'Trop de demandes' }),
    });
    renderWithQuery(<LoginModal />);
    type('Email', 'ada@example.com');
    click('Confirm');
    await vi.waitFor(() => expect(failure).toHaveBeenCalledWith('Trop de demandes'), SETTLED);
    expect(heading()).toBe('Sign in to Taleforge');
  });
});

describe('<LoginModal/> code, registration, login and reset', () => {
  it('step 2: needs the code, offers a resend after 60 s, next step leads to 3', async () => {
    vi.useFakeTimers({ now: 10_000_000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    let sent = 0;
    serve({
      '/api/v1/login/ticket': () => {
        sent += 1;
        return { data: { resend_in: 60 } };
      },
    });
    loginModalStore.codeSent('new@example.com', 'register', Date.now());
    renderWithQuery(<LoginModal />);
    expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));
    click('Next step');
    expect(errorOf('Verification code')).toBe('Please enter Verification code');

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    click('Resend code');
    await vi.waitFor(() => expect(sent).toBe(1), SETTLED);
    await vi.waitFor(
      () => expect(screen.getByRole('button', { name: 'Resend in 60 s' })).toBeTruthy(),
      SETTLED,
    );

    type('Verification code', '123456');
    click('Next step');
    expect(heading()).toBe('Create your account');
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('123456');
  });

  it('step 3: validates every field with the SPEC §5 messages', () => {
    loginModalStore.codeSent('new@example.com', 'register', Date.now());
    loginModalStore.codeEntered('');
    renderWithQuery(<LoginModal />);
    type('Password', 'abc');
    type('Confirm password', 'abcdefg');
    type('Nickname', 'Al');
    click('Login');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters');
    expect(errorOf('Confirm password')).toBe('the two passwords entered do not match');
    expect(errorOf('Verification code')).toBe('Please enter Verification code');
    expect(errorOf('Nickname')).toBe('Nickname must be at least 3 characters');
    expect(errorOf('Invite code')).toBe('Please enter Invite code');
    type('Nickname', 'n'.repeat(21));
    click('Login');
    expect(errorOf('Nickname')).toBe('Nickname cannot exceed 20 characters');
  });

  it('step 3: registers, stores the session, toasts, closes without showing step 4, reloads after 1 s', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let sentBody: Record<string, unknown> = {};
    serve({
      '/api/v1/register': (body) => {
        sentBody = body;
        return { data: loginData };
      },
    });
    localStorage.setItem('is_visitor', 'v-9');
    loginModalStore.codeSent('new@example.com', 'register', Date.now());
    loginModalStore.codeEntered('123456');
    renderWithQuery(<LoginModal />);
    // Every state the modal passes through from here: the player must never see step 4.
    const seen: { open: boolean; step: number }[] = [];
    const stop = loginModalStore.subscribe(() => {
      const { open, step } = loginModalStore.getSnapshot();
      seen.push({ open, step });
    });
    const headings: (string | null)[] = [];
    const watch = new MutationObserver(() => {
      const h2 = document.querySelector('h2');
      if (h2 && headings.at(-1) !== h2.textContent) headings.push(h2.textContent);
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    type('Password', 'secret1');
    type('Confirm password', 'secret1');
    type('Nickname', 'Ada');
    type('Invite code', 'TALE-1');
    click('Login');
    await vi.waitFor(
      () => expect(success).toHaveBeenCalledWith('Registration successful'),
      SETTLED,
    );
    expect(sentBody).toEqual({
      email: 'new@example.com',
      ticket: '123456',
      pwd: 'secret1',
      pwd_: 'secret1',
      nick_name: 'Ada',
      oauth_enum: 'EMAIL',
      scene_type: 1,
      invite_code: 'TALE-1',
      register_df_id: 'v-9',
    });
    expect(localStorage.getItem('access_token')).toBe('tok_1');
    expect(localStorage.getItem('oauth_enum')).toBe('EMAIL');
    expect(localStorage.getItem('user_id')).toBe('u_1');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ nick_name: 'Ada' });
    expect(seen).toEqual([{ open: false, step: 0 }]);
    expect(headings).not.toContain('Welcome back');
    stop();
    watch.disconnect();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), SETTLED);
  });

  it('step 4: a login closes the modal, toasts and reloads (1 s later: see finish-login)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let sent: Record<string, unknown> = {};
    serve({
      '/api/v1/login': (body) => {
        sent = body;
        return { data: loginData };
      },
    });
    loginModalStore.emailKnown('ada@example.com');
    renderWithQuery(<LoginModal />);
    type('Password', 'secret1');
    click('Login');
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Login successful'), SETTLED);
    expect(sent).toEqual({
      email: 'ada@example.com',
      pwd: 'secret1',
      oauth_enum: 'EMAIL',
      scene_type: 1,
    });
    expect(loginModalStore.getSnapshot()).toMatchObject({ open: false, step: 0 });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), SETTLED);
  });

  it('step 4 → forgot → 2 → 5 → reset → 0', async () => {
    const tickets: unknown[] = [];
    let reset: Record<string, unknown> = {};
    serve({
      '/api/v1/login/ticket': (body) => {
        tickets.push(body);
        return { data: { resend_in: 60 } };
      },
      '/api/v1/forget': (body) => {
        reset = body;
        return {};
      },
    });
    loginModalStore.emailKnown('ada@example.com');
    renderWithQuery(<LoginModal />);
    click('Forgot password?');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(tickets).toEqual([
      { email: 'ada@example.com', send_to_email: true, ticket_use_type: 'UPDATE_PWD' },
    ]);
    type('Verification code', '654321');
    click('Next step');
    expect(heading()).toBe('Reset your password');
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByLabelText('New password')),
      SETTLED,
    );
    type('New password', 'brandnew');
    type('Confirm password', 'brandnew');
    click('Next step');
    await vi.waitFor(
      () => expect(success).toHaveBeenCalledWith('Password reset successful'),
      SETTLED,
    );
    expect(reset).toEqual({
      email: 'ada@example.com',
      pwd: 'brandnew',
      oauth_enum: 'EMAIL',
      ticket: '654321',
    });
    expect(heading()).toBe('Sign in to Taleforge');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('<LoginModal/> step 1 (nickname after a social login)', () => {
  it('cannot be closed: no close button, Escape does nothing', () => {
    loginModalStore.needNickname();
    renderWithQuery(<LoginModal />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(loginModalStore.getSnapshot()).toMatchObject({ open: true, step: 1 });
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('binds nickname and invite code, then returns to the stored origin', async () => {
    localStorage.setItem('access_token', 'tok_g');
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ nick_name: 'Grace H', oauth_enum: 'GOOGLE' }),
    );
    sessionStorage.setItem('login_origin_url', '/drama/7');
    let sent: Record<string, unknown> = {};
    serve({
      '/api/auth/h5/user/bind/invite/code': (body) => {
        sent = body;
        return {
          data: {
            ...loginData,
            oauth_enum: 'GOOGLE',
            nick_name: 'Grace',
            user_info_resp: userResp,
          },
        };
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    loginModalStore.needNickname();
    renderWithQuery(<LoginModal />);
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).value).toBe('Grace H');
    click('Register');
    expect(errorOf('Invite code')).toBe('Please enter Invite code');
    type('Nickname', 'Grace');
    type('Invite code', 'TALE-2');
    click('Register');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/drama/7'), SETTLED);
    expect(sent).toMatchObject({ oauth_enum: 'GOOGLE', nick_name: 'Grace', invite_code: 'TALE-2' });
    expect(loginModalStore.getSnapshot().open).toBe(false);
    expect(JSON.parse(localStorage.getItem('userInfo')!).nick_name).toBe('Grace');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { config } from '../../../shared/config';
import { toast } from '../../../shared/ui/toast/toast-store';
import { renderWithQuery } from '../../../test/render';
import { SETTLED } from '../../../test/settled';
import { loginModalStore } from './login-modal-store';
import { SocialButtons } from './social-buttons';

// Set on the one config object, not with vi.mock: files share modules (isolate: false), so a
// mock would miss a component another file loaded first and reach files that load it later.
const configured = {
  basePath: '/taleforge',
  testHost: 'test.taleforge.app',
  googleClientId: 'google-client',
  discordClientId: 'discord-client',
  environment: 'test',
} as const;
const original = { ...config };
beforeAll(() => {
  Object.assign(config, configured);
});
afterAll(() => {
  Object.assign(config, original);
});

const resp = {
  taleforge_id: 'u_g',
  nick_name: 'Grace',
  avatar: null,
  email: null,
  oauth_enum: 'GOOGLE',
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('social buttons (configured providers)', () => {
  afterEach(() => {
    loginModalStore.forceClose();
    delete window.google;
  });

  it('Google: popup token and profile go to POST /api/v1/login; a new account gets step 1', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(0);
    const requested: string[] = [];
    window.google = {
      accounts: {
        oauth2: {
          initTokenClient: (options) => {
            requested.push(options.client_id);
            return { requestAccessToken: () => options.callback({ access_token: 'ya29.t' }) };
          },
        },
      },
    };
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('https://www.googleapis.com/')) {
          return new Response(JSON.stringify({ sub: 'g-1', name: 'Grace', picture: 'p.png' }));
        }
        posted.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({
            status: 200,
            desc: 'ok',
            data: {
              access_token: 'tok_g',
              oauth_enum: 'GOOGLE',
              uid: 'u_g',
              need_complete_nick_name: true,
              new_user: true,
              user_info_resp: resp,
            },
          }),
        );
      }),
    );
    renderWithQuery(<SocialButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await vi.waitFor(() => expect(loginModalStore.getSnapshot().step).toBe(1), SETTLED);
    expect(requested).toEqual(['google-client']);
    expect(posted).toEqual([
      {
        oauth_enum: 'GOOGLE',
        scene_type: 1,
        access_token: 'ya29.t',
        openid: 'g-1',
        nick_name: 'Grace',
        avatar: 'p.png',
      },
    ]);
    expect(localStorage.getItem('access_token')).toBe('tok_g');
    expect(sessionStorage.getItem('login_origin_url')).toBe('/');
  });

  it("Google: a failed sign-in shows the provider's error code", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(0);
    window.google = {
      accounts: {
        oauth2: {
          initTokenClient: (options) => ({
            requestAccessToken: () => options.callback({ error: 'access_denied' }),
          }),
        },
      },
    };
    renderWithQuery(<SocialButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await vi.waitFor(
      () => expect(error).toHaveBeenCalledWith('Google sign-in failed (access_denied)'),
      SETTLED,
    );
  });

  it('Discord: asks the server to start the flow with the current path, then goes there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/drama/9',
      search: '?a=1',
      hash: '',
      assign,
    });
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({
            status: 200,
            desc: 'ok',
            data: { authorize_url: 'https://discord.example/authorize?state=s' },
          }),
        );
      }),
    );
    renderWithQuery(<SocialButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    await vi.waitFor(
      () => expect(assign).toHaveBeenCalledWith('https://discord.example/authorize?state=s'),
      SETTLED,
    );
    expect(posted).toEqual([{ return_path: '/drama/9?a=1' }]);
  });
});

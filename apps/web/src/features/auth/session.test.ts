import { describe, expect, it, vi } from 'vitest';
import { afterLogin, reloadSoon } from './finish-login';
import {
  clearSession,
  mergeUserInfo,
  ORIGIN_URL_KEY,
  readSignedInUser,
  rememberOrigin,
  saveLogin,
  takeOrigin,
} from './session';

const resp = {
  taleforge_id: 'u_7',
  nick_name: 'Nightjar',
  avatar: 'https://img.example/n.png',
  email: null,
  oauth_enum: 'DISCORD' as const,
  role: 'user' as const,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('session storage (SPEC §3, §4)', () => {
  it('stores token, oauth type, user id and the merged user info under the SPEC keys', () => {
    saveLogin({
      access_token: 'tok',
      oauth_enum: 'DISCORD',
      uid: 'u_7',
      need_complete_nick_name: true,
      new_user: true,
      user_info_resp: resp,
    });
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(localStorage.getItem('oauth_enum')).toBe('DISCORD');
    expect(localStorage.getItem('user_id')).toBe('u_7');
    expect(readSignedInUser()).toMatchObject({
      uid: 'u_7',
      taleforge_id: 'u_7',
      nick_name: 'Nightjar',
      avatar: 'https://img.example/n.png',
      need_complete_nick_name: true,
    });
  });

  it('merges user_info_resp into the user info, the outer fields winning', () => {
    expect(
      mergeUserInfo({ nick_name: 'Outer', avatar: null, user_info_resp: { ...resp, avatar: 'a' } }),
    ).toMatchObject({ nick_name: 'Outer', avatar: 'a', taleforge_id: 'u_7', role: 'user' });
  });

  it('logout clears user info, token, user id and the stored profile info, not the visitor', () => {
    for (const key of ['access_token', 'oauth_enum', 'user_id', 'userInfo', 'is_visitor']) {
      localStorage.setItem(key, 'x');
    }
    localStorage.setItem('language', 'ja_JP');
    sessionStorage.setItem('profile_info', '{}');
    clearSession();
    for (const key of ['access_token', 'oauth_enum', 'user_id', 'userInfo']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(sessionStorage.getItem('profile_info')).toBeNull();
    expect(localStorage.getItem('is_visitor')).toBe('x');
    expect(localStorage.getItem('language')).toBe('ja_JP');
  });

  it('returns to the stored origin once, and only to a path on this site', () => {
    rememberOrigin('/drama/3?x=1');
    expect(takeOrigin()).toBe('/drama/3?x=1');
    expect(takeOrigin()).toBe('/For_You');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      rememberOrigin(bad);
      expect(takeOrigin()).toBe('/For_You');
    }
  });

  it('never stores an origin that leaves the site, and never follows one stored before', () => {
    for (const bad of ['/\t/evil.example/x', '/\n/evil.example', '/%2F%2Fevil.example']) {
      rememberOrigin('/drama/1');
      rememberOrigin(bad);
      expect(sessionStorage.getItem(ORIGIN_URL_KEY), JSON.stringify(bad)).toBeNull();
      sessionStorage.setItem(ORIGIN_URL_KEY, bad);
      expect(takeOrigin()).toBe('/For_You');
    }
  });
});

describe('what follows a login (SPEC §4)', () => {
  it('reloads for every type but DISCORD and DF_ID, and never while a nickname is owed', () => {
    expect(afterLogin({ oauth_enum: 'EMAIL', need_complete_nick_name: false })).toBe('reload');
    expect(afterLogin({ oauth_enum: 'GOOGLE', need_complete_nick_name: false })).toBe('reload');
    expect(afterLogin({ oauth_enum: 'GOOGLE', need_complete_nick_name: true })).toBe('nickname');
    expect(afterLogin({ oauth_enum: 'DISCORD', need_complete_nick_name: false })).toBe('stay');
    expect(afterLogin({ oauth_enum: 'DISCORD', need_complete_nick_name: true })).toBe('nickname');
    expect(afterLogin({ oauth_enum: 'DF_ID', need_complete_nick_name: false })).toBe('stay');
  });
});

describe('reloadSoon', () => {
  it('reloads exactly 1000 ms later (SPEC §9)', () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      reloadSoon(reload);
      vi.advanceTimersByTime(999);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});

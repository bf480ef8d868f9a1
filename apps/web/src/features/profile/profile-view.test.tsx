import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi } from '../../test/render';
import { nicknameProblem } from './nickname-field';
import { ProfileView } from './profile-view';

const profile = {
  taleforge_id: 'tfCreator',
  nick_name: 'Mira',
  avatar: null,
  bio: 'I write ghost stories.',
  follower_count: 12_345,
  following_count: 1_250,
  like_count: 999,
  is_visitor: false,
  hidden: { works: false, played: true, liked: false },
};
const emptyPage = { list: [], page: 1, page_size: 12, total: 0, hidden: false };

function show(viewer: { own: boolean; signedIn: boolean }) {
  return renderWithQuery(
    <MemoryRouter>
      <ProfileView taleforgeId="tfCreator" viewer={viewer} />
    </MemoryRouter>,
  );
}

describe('<ProfileView/>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows counts abbreviated as SPEC §9 says, and keeps the viewed profile for the session', async () => {
    stubApi({ '/api/h5/user/profile': profile, '/api/h5/user/profile/works': emptyPage });
    show({ own: false, signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mira' })).toBeTruthy();
    const counts = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(counts).toEqual(['1.2w', '1.2k', '999']);
    expect(JSON.parse(sessionStorage.getItem('profile_info')!)).toMatchObject({
      taleforge_id: 'tfCreator',
    });
    // A visitor may look, and is offered Follow (which signs in first); no edit controls.
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Share Mira's profile" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit nickname' })).toBeNull();
    expect(await screen.findByText('Mira has not published a story yet')).toBeTruthy();
  });

  it('tells others a hidden list is private', async () => {
    stubApi({
      '/api/h5/user/profile': profile,
      '/api/h5/user/profile/works': { ...emptyPage, hidden: true },
    });
    show({ own: false, signedIn: true });
    const lists = await screen.findByRole('tablist', { name: 'Lists' });
    fireEvent.click(within(lists).getByRole('tab', { name: 'Played' }));
    expect(await screen.findByText('Mira keeps this list private.')).toBeTruthy();
    // Everyone but the owner is offered Follow (social/profile-social.test.tsx follows through).
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it('says "Failed to load user profile" when the profile cannot be read', async () => {
    stubApi({});
    show({ own: true, signedIn: true });
    expect(await screen.findByText('Failed to load user profile')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('gives its owner the edit controls and the list visibility switch', async () => {
    stubApi({ '/api/h5/user/profile': profile, '/api/h5/user/profile/works': emptyPage });
    show({ own: true, signedIn: true });
    expect(await screen.findByRole('button', { name: 'Edit nickname' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change avatar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide from others' })).toBeTruthy();
    expect(await screen.findByText('You have not published a story yet')).toBeTruthy();
    // Its own empty works tab leads to the studio; another's never does.
    expect(screen.getByRole('button', { name: /^Create your first story/ })).toBeTruthy();
  });

  it('offers no create button on the empty works of someone else', async () => {
    stubApi({ '/api/h5/user/profile': profile, '/api/h5/user/profile/works': emptyPage });
    show({ own: false, signedIn: true });
    expect(await screen.findByText('Mira has not published a story yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create your first story/ })).toBeNull();
  });
});

describe('<ProfileView/> long lists', () => {
  afterEach(() => vi.unstubAllGlobals());

  const card = (id: number) => ({
    id,
    title: `Story ${id}`,
    cover: '',
    description: '',
    script_type: 'SUSPENSE',
    tags: [],
    languages: ['en_US'],
    creator: { taleforge_id: 'tfCreator', nick_name: 'Mira', avatar: null },
    chapter_count: 1,
    play_count: 0,
    like_count: 0,
    published_at: '2026-11-25T00:00:00.000Z',
  });

  it('shows a page of works, then the next one on "Show more"', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const data = url.pathname.endsWith('/profile')
        ? profile
        : url.searchParams.get('page') === '2'
          ? { list: [card(13)], page: 2, page_size: 12, total: 13, hidden: false }
          : {
              list: Array.from({ length: 12 }, (_, i) => card(i + 1)),
              page: 1,
              page_size: 12,
              total: 13,
              hidden: false,
            };
      return new Response(JSON.stringify({ status: 200, desc: 'ok', data }));
    });
    vi.stubGlobal('fetch', fetchMock);
    show({ own: false, signedIn: true });
    expect(await screen.findByText('Story 12')).toBeTruthy();
    expect(screen.queryByText('Story 13')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Story 13')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('nicknameProblem', () => {
  it('counts characters as typed, trimmed: 2 to 30', () => {
    expect(nicknameProblem(' A ')).toBe('profile.nicknameMin');
    expect(nicknameProblem('Al')).toBeNull();
    expect(nicknameProblem('🔑🔑')).toBeNull();
    expect(nicknameProblem('x'.repeat(30))).toBeNull();
    expect(nicknameProblem('x'.repeat(31))).toBe('profile.nicknameMax');
  });

  it('follows the text policy as the server does (decision 50)', () => {
    expect(nicknameProblem('Adm\u202enimda')).toBe('common.textPolicy.invisible');
    expect(nicknameProblem('Tale\u200bforge')).toBe('common.textPolicy.invisible');
    expect(nicknameProblem('\u0301\u0301')).toBe('profile.nicknameMin');
    expect(nicknameProblem('ａｄｍｉｎ')).toBe('common.textPolicy.reserved');
    expect(nicknameProblem('\u0430dmin')).toBe('common.textPolicy.reserved');
    for (const ok of ['星之旅人', 'やまだ', 'José', '👩‍💻Ana'])
      expect(nicknameProblem(ok)).toBeNull();
  });
});

describe('editing the nickname', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en_US', 'Adm\u202enimda', 'Names cannot contain invisible or direction-changing characters'],
    ['en_US', 'Taleforge Studio', 'This name is reserved, please choose another'],
  ])("%s: %j is refused before sending, in the server's words", async (_locale, nick, message) => {
    const fetchMock = stubApi({
      '/api/h5/user/profile': profile,
      '/api/h5/user/profile/works': emptyPage,
    });
    show({ own: true, signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit nickname' }));
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    fireEvent.change(input, { target: { value: nick } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByText(message)).id).toBe(input.getAttribute('aria-describedby'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.includes('/user/nickname'))).toBe(false);
  });
});

import type { Comment } from '@taleforge/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../shared/ui/dialog/dialog-host';
import { closeDialog, dialogStore } from '../../shared/ui/dialog/dialog-store';
import { toastStore } from '../../shared/ui/toast/toast-store';
import { type FakeRequest, renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import CommentsPanel from './comments-panel';

const me = { taleforge_id: 'tfReader', nick_name: 'Reader', avatar: null };
const mira = { taleforge_id: 'tfMira', nick_name: 'Mira', avatar: null };

/** A work's comments held in memory, answering the calls the panel makes like the server. */
function fakeComments(seed: Comment[]) {
  const all = [...seed];
  let nextId = 100;
  const topLevel = () => all.filter((c) => c.parent_id === null);
  const count = () => all.length;
  const withReplies = (c: Comment) => ({
    ...c,
    reply_count: all.filter((r) => r.parent_id === c.id).length,
  });
  return {
    all,
    routes: {
      '/api/h5/game/social': () => ({
        data: { game_id: 7, like_count: 0, comment_count: count(), liked: false },
      }),
      '/api/h5/game/comments': () => ({
        data: {
          list: topLevel()
            .sort((a, b) => b.id - a.id)
            .map(withReplies),
          next_cursor: null,
          comment_count: count(),
        },
      }),
      '/api/h5/game/comment/replies': ({ query }: FakeRequest) => ({
        data: {
          list: all.filter((c) => c.parent_id === Number(query.get('comment_id'))),
          next_cursor: null,
        },
      }),
      '/api/auth/h5/game/comment': ({ body }: FakeRequest) => {
        const { body: text, reply_to_id } = body as { body: string; reply_to_id?: number };
        if (text.includes('forbidden')) {
          return { status: 6206, desc: 'This comment is not allowed, please change it' };
        }
        const target = all.find((c) => c.id === reply_to_id);
        const comment = {
          ...comment0(nextId++, text, me),
          parent_id: target ? (target.parent_id ?? target.id) : null,
          reply_to: target?.parent_id ? target.author : null,
          can_delete: true,
        };
        all.push(comment);
        return { data: comment };
      },
      '/api/auth/h5/game/comment/delete': ({ body }: FakeRequest) => {
        const id = (body as { comment_id: number }).comment_id;
        for (let i = all.length - 1; i >= 0; i--) {
          if (all[i]!.id === id || all[i]!.parent_id === id) all.splice(i, 1);
        }
        return { data: { comment_count: count() } };
      },
    },
  };
}

function comment0(id: number, body: string, author = mira): Comment {
  return {
    id,
    game_id: 7,
    parent_id: null,
    author,
    reply_to: null,
    body,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    like_count: 0,
    reply_count: 0,
    liked: false,
    can_delete: false,
    by_creator: false,
  };
}

function show(creator?: typeof mira) {
  return renderWithQuery(
    <MemoryRouter>
      <CommentsPanel gameId={7} title="The Lantern Ledger" creator={creator} onClose={() => {}} />
      <DialogHost />
    </MemoryRouter>,
  );
}

describe('<CommentsPanel/>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      while (dialogStore.current()) closeDialog();
    });
  });

  it('posts a comment, replies to another, and deletes its own', async () => {
    signIn('tfReader');
    const server = fakeComments([comment0(1, 'The lighthouse scene got me.')]);
    stubApiHandlers(server.routes);
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    expect(await within(panel).findByText('The lighthouse scene got me.')).toBeTruthy();
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();

    // Post: far from the limit no counter shows; the comment leads the newest list, the box
    // empties.
    const box = within(panel).getByRole('textbox', { name: 'Your comment' });
    fireEvent.change(box, { target: { value: 'Chapter two was wonderful' } });
    expect(within(panel).queryByText(/\/500/)).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(within(panel).getAllByTestId('comment')[0]?.textContent).toContain(
        'Chapter two was wonderful',
      ),
    );
    expect((box as HTMLTextAreaElement).value).toBe('');

    // Reply to Mira: "Replying to @Mira", then "1 reply" opens the thread with it.
    fireEvent.click(within(panel).getByRole('button', { name: 'Reply to Mira' }));
    expect(within(panel).getByText('Replying to @Mira')).toBeTruthy();
    const replyBox = within(panel).getByRole('textbox', { name: 'Your reply' });
    fireEvent.change(replyBox, { target: { value: 'Same here!' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Reply' }));
    const toggle = await within(panel).findByRole('button', { name: '1 reply' });
    expect(within(panel).queryByText('Replying to @Mira')).toBeNull();
    fireEvent.click(toggle);
    expect(await within(panel).findByText('Same here!')).toBeTruthy();
    expect(server.all.find((c) => c.body === 'Same here!')?.parent_id).toBe(1);

    // Delete my comment: asked first, then it is gone and the count follows.
    const mine = within(panel)
      .getAllByTestId('comment')
      .find((li) => li.textContent?.includes('Chapter two was wonderful'))!;
    fireEvent.click(within(mine).getByRole('button', { name: 'More for the comment by Reader' }));
    fireEvent.click(within(mine).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByText('Chapter two was wonderful')).toBeNull());
    expect(server.all.map((c) => c.body)).toEqual(['The lighthouse scene got me.', 'Same here!']);
    await waitFor(() =>
      expect(within(panel).getByRole('heading')?.textContent).toContain('Comments2'),
    );
  });

  it("shows the server's reason when a comment is refused, and keeps the text", async () => {
    signIn('tfReader');
    stubApiHandlers(fakeComments([]).routes);
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    expect(await within(panel).findByText('No comments yet')).toBeTruthy();
    const box = within(panel).getByRole('textbox', { name: 'Your comment' });
    fireEvent.change(box, { target: { value: 'something forbidden' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Post' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain(
      'This comment is not allowed, please change it',
    );
    expect((box as HTMLTextAreaElement).value).toBe('something forbidden');
  });

  it('takes a comment of only zero-width spaces as empty: Post waits (decision 50)', async () => {
    signIn('tfReader');
    stubApiHandlers(fakeComments([]).routes);
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    const box = await within(panel).findByRole('textbox', { name: 'Your comment' });
    const post = within(panel).getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '\u200b \u200b\u2066' } });
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '\u200bhi' } });
    expect(post.disabled).toBe(false);
  });

  it('says "Comment submission failed, please try again" when the call fails', async () => {
    signIn('tfReader');
    const server = fakeComments([]);
    stubApiHandlers({ ...server.routes, '/api/auth/h5/game/comment': () => ({ http: 502 }) });
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    const box = await within(panel).findByRole('textbox', { name: 'Your comment' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Post' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain(
      'Comment submission failed, please try again',
    );
  });

  it('tells a player the creator blocked, in place of the box, and still lets them read', async () => {
    signIn('tfReader');
    const asked: (string | null)[] = [];
    stubApiHandlers({
      ...fakeComments([comment0(1, 'Read me')]).routes,
      '/api/h5/user/relation': ({ query }) => {
        asked.push(query.get('taleforge_id'));
        return {
          data: { is_following: false, follows_you: false, is_blocked: false, blocks_you: true },
        };
      },
    });
    show(mira);
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    expect(await within(panel).findByText('Read me')).toBeTruthy();
    expect(
      await within(panel).findByText('The creator of this work does not accept comments from you.'),
    ).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    // No Reply that could lead nowhere; liking is still theirs.
    expect(within(panel).queryByRole('button', { name: 'Reply to Mira' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Like · 0' })).toBeTruthy();
    expect(asked).toEqual(['tfMira']);
  });

  it('keeps the box for a player the creator has not blocked', async () => {
    signIn('tfReader');
    stubApiHandlers({
      ...fakeComments([comment0(1, 'Read me')]).routes,
      '/api/h5/user/relation': () => ({
        data: { is_following: true, follows_you: false, is_blocked: false, blocks_you: false },
      }),
    });
    show(mira);
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    expect(await within(panel).findByRole('textbox', { name: 'Your comment' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Reply to Mira' })).toBeTruthy();
    expect(within(panel).queryByRole('note')).toBeNull();
  });

  it('lets a visitor read and invites them to sign in to comment', async () => {
    stubApiHandlers(fakeComments([comment0(1, 'Read me')]).routes);
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    expect(await within(panel).findByText('Read me')).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).getByText('Sign in to join the conversation.')).toBeTruthy();
  });

  it('likes a comment at once, and puts the heart back with "Like failed" when refused', async () => {
    signIn('tfReader');
    const server = fakeComments([{ ...comment0(1, 'Lovely'), like_count: 9 }]);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApiHandlers({
      ...server.routes,
      '/api/auth/h5/game/comment/like': async () => {
        await held;
        return { status: 6204, desc: 'Like failed' };
      },
    });
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    const heart = await within(panel).findByRole('button', { name: 'Like · 9' });
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(heart.textContent).toBe('10');
    release();
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((toast) => toast.message)).toContain('Like failed'),
    );
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(heart.textContent).toBe('9');
  });

  it('reports a comment with the reason picked from the list', async () => {
    signIn('tfReader');
    const reports: unknown[] = [];
    stubApiHandlers({
      ...fakeComments([comment0(1, 'Buy gems cheap at …')]).routes,
      '/api/auth/h5/game/comment/report': ({ body }) => {
        reports.push(body);
        return { data: { reported: true } };
      },
    });
    show();
    const panel = await screen.findByRole('dialog', { name: /Comments/ });
    fireEvent.click(
      await within(panel).findByRole('button', { name: 'More for the comment by Mira' }),
    );
    fireEvent.click(within(panel).getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spam or advertising' }));
    await waitFor(() => expect(reports).toEqual([{ comment_id: 1, reason: 'spam' }]));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((toast) => toast.message)).toContain(
        'Thanks — we will take a look',
      ),
    );
    // Another player's comment cannot be deleted by this reader: no Delete in its menu.
    fireEvent.click(within(panel).getByRole('button', { name: 'More for the comment by Mira' }));
    expect(within(panel).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});

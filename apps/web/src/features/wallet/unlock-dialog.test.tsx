import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../shared/ui/toast/toast-store';
import { renderWithQuery } from '../../test/render';
import { SETTLED } from '../../test/settled';
import { UnlockDialog } from './unlock-dialog';

/** Balance and unlock answers as the server gives them, envelope and all. */
function stubWallet(balance: number | (() => number), unlock: { status: number; data: unknown }) {
  const read = typeof balance === 'function' ? balance : () => balance;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const body = pathname.endsWith('/wallet/balance')
      ? { status: 200, desc: 'ok', data: { gem_balance: read(), balance: read() } }
      : { ...unlock, desc: 'refused' };
    return new Response(JSON.stringify(body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const target = { kind: 'chapter' as const, gameId: 3, targetId: 9, price: 30 };

function renderDialog(onUnlocked = vi.fn(), onClose = vi.fn()) {
  renderWithQuery(
    <MemoryRouter initialEntries={['/drama/3']}>
      <UnlockDialog target={target} onUnlocked={onUnlocked} onClose={onClose} />
    </MemoryRouter>,
  );
  return { onUnlocked, onClose };
}

describe('<UnlockDialog/>', () => {
  it('shows price and balance, focuses the confirm button, and unlocks once', async () => {
    const fetchMock = stubWallet(100, {
      status: 200,
      data: { already_unlocked: false, price: 30, gem_balance: 70 },
    });
    const success = vi.spyOn(toast, 'success').mockReturnValue(0);
    const { onUnlocked } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Unlock this chapter?' })).toBeTruthy();
    expect(await screen.findByText('100')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Unlock for 30 gems' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(onUnlocked).toHaveBeenCalled(), SETTLED);
    expect(success).toHaveBeenCalledWith('Unlocked');
    const unlockCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/unlock'));
    expect(JSON.parse(String(unlockCall?.[1]?.body))).toMatchObject({
      game_id: 3,
      chapter_id: 9,
      idempotency_key: expect.stringMatching(/^unlock-/),
    });
  });

  it('offers a top-up instead when the balance is short', async () => {
    stubWallet(10, { status: 200, data: null });
    renderDialog();
    expect(await screen.findByText('Insufficient balance, please recharge first')).toBeTruthy();
    // The payment result page's "return to game" comes back to where the dialog was.
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      '/wallet?return=%2Fdrama%2F3#top-up',
    );
    expect(screen.queryByRole('button', { name: /Unlock for/ })).toBeNull();
  });

  it('says unlock failed when the server refuses', async () => {
    stubWallet(100, { status: 3010, data: null });
    const error = vi.spyOn(toast, 'error').mockReturnValue(0);
    const { onUnlocked } = renderDialog();
    await screen.findByText('100');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 30 gems' }));
    await vi.waitFor(
      () => expect(error).toHaveBeenCalledWith('Unlock failed, please try again later'),
      SETTLED,
    );
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('says insufficient balance when the gems went elsewhere meanwhile, and offers the top-up', async () => {
    // The dialog opened with 100 gems; another tab spent them before the click.
    let gems = 100;
    stubWallet(() => gems, { status: 3001, data: null });
    const error = vi.spyOn(toast, 'error').mockReturnValue(0);
    const { onUnlocked } = renderDialog();
    await screen.findByText('100');
    gems = 10;
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 30 gems' }));
    await vi.waitFor(
      () => expect(error).toHaveBeenCalledWith('Insufficient balance, please recharge first'),
      SETTLED,
    );
    expect(await screen.findByRole('link', { name: 'Top up' })).toBeTruthy();
    expect(screen.getByTestId('unlock-balance').textContent).toBe('10');
    expect(onUnlocked).not.toHaveBeenCalled();
  });
});

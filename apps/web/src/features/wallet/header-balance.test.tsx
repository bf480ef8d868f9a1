import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi, stubApiHandlers } from '../../test/render';
import { HeaderBalance } from './header-balance';

function showBalance(gems: number) {
  stubApi({ '/api/auth/wallet/balance': { gem_balance: gems, balance: gems } });
  renderWithQuery(
    <MemoryRouter>
      <HeaderBalance signedIn />
    </MemoryRouter>,
  );
  return screen.findByTestId('header-balance');
}

afterEach(() => vi.unstubAllGlobals());

describe('<HeaderBalance/>', () => {
  it('shows a balance below 1000 as is', async () => {
    const chip = await showBalance(320);
    expect(chip.textContent).toBe('320');
    expect(chip.getAttribute('aria-label')).toBe('320 gems — open wallet');
  });

  it('abbreviates larger balances and keeps the full figure in its name and tooltip', async () => {
    const chip = await showBalance(99_999_999);
    expect(chip.textContent).toBe('9999.9w');
    expect(chip.getAttribute('aria-label')).toBe('9999.9w: 99,999,999 gems — open wallet');
    expect(chip.getAttribute('title')).toBe('99,999,999 gems');
  });

  it('reads 9,258 gems as 9.2k', async () => {
    const chip = await showBalance(9_258);
    expect(chip.textContent).toBe('9.2k');
    expect(chip.getAttribute('title')).toBe('9,258 gems');
  });

  it('holds its place from the first render, while the balance is on its way', async () => {
    let answer: (gems: number) => void = () => {};
    stubApiHandlers({
      '/api/auth/wallet/balance': () =>
        new Promise((resolve) => {
          answer = (gems) => resolve({ data: { gem_balance: gems, balance: gems } });
        }),
    });
    renderWithQuery(
      <MemoryRouter>
        <HeaderBalance signedIn />
      </MemoryRouter>,
    );
    const pending = screen.getByTestId('header-balance-pending');
    expect(pending.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByTestId('header-balance')).toBeNull();
    answer(45);
    expect((await screen.findByTestId('header-balance')).textContent).toBe('45');
    expect(screen.queryByTestId('header-balance-pending')).toBeNull();
  });

  it('is left out when the balance cannot be read', async () => {
    stubApi({});
    renderWithQuery(
      <MemoryRouter>
        <HeaderBalance signedIn />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.queryByTestId('header-balance-pending')).toBeNull());
    expect(screen.queryByTestId('header-balance')).toBeNull();
  });
});

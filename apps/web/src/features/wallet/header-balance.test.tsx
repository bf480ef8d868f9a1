import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi } from '../../test/render';
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
});

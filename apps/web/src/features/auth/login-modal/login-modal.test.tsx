import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../shared/ui/toast/toast-store';
import { renderWithQuery, stubApi } from '../../../test/render';
import LoginModal from './login-modal';
import { loginModalStore } from './login-modal-store';

describe('<LoginModal/> step 0', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  const email = () => screen.getByLabelText('Email');

  it('is a labelled modal dialog with the social buttons and the email field', () => {
    renderWithQuery(<LoginModal step={0} />);
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Taleforge' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('validates the email before asking the server', () => {
    const fetchMock = stubApi({});
    renderWithQuery(<LoginModal step={0} />);
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter Email');
    fireEvent.change(email(), { target: { value: 'not-an-email' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter correct format');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks whether the account exists and says honestly what comes next', async () => {
    const fetchMock = stubApi({ '/api/v1/validate/user/exist': true });
    renderWithQuery(<LoginModal step={0} />);
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    submit();
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('login-coming-soon')),
    );
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.searchParams.get('email')).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('says when a social provider is not configured', () => {
    const info = vi.spyOn(toast, 'info').mockReturnValue(0);
    renderWithQuery(<LoginModal step={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    expect(info).toHaveBeenCalledWith('Discord sign-in is not configured yet');
  });

  it('closes on Escape, except on the nickname step', () => {
    loginModalStore.open();
    const { unmount } = renderWithQuery(<LoginModal step={0} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(loginModalStore.getSnapshot().open).toBe(false);
    unmount();

    loginModalStore.open();
    loginModalStore.goTo(1);
    renderWithQuery(<LoginModal step={1} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(loginModalStore.getSnapshot()).toEqual({ open: true, step: 1 });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

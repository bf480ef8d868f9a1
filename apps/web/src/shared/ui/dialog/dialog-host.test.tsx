import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogHost } from './dialog-host';
import { createDialogStore } from './dialog-store';

describe('<DialogHost/>', () => {
  it('shows queued dialogs one at a time as real modal dialogs, restoring focus at the end', () => {
    const store = createDialogStore();
    render(
      <>
        <button type="button">trigger</button>
        <div id="root" />
        <DialogHost store={store} />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'trigger' });
    trigger.focus();

    act(() => {
      store.open({ title: 'Chapter unlocked', body: <button type="button">Read on</button> });
      store.open({ title: 'Daily gift', body: 'Ten gems for you' });
    });

    const first = screen.getByRole('dialog', { name: 'Chapter unlocked' });
    expect(first.getAttribute('aria-modal')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Daily gift' })).toBeNull();
    expect(first.contains(document.activeElement)).toBe(true);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);

    // Tab from the last control wraps to the first: focus stays inside.
    const buttons = [...first.querySelectorAll('button')];
    buttons.at(-1)?.focus();
    fireEvent.keyDown(first, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);

    fireEvent.keyDown(first, { key: 'Escape' });
    const second = screen.getByRole('dialog', { name: 'Daily gift' });
    expect(second.contains(document.activeElement)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });

  it('ignores Escape and offers no close button when the dialog is not closable', () => {
    const store = createDialogStore();
    render(<DialogHost store={store} />);
    act(() => {
      store.open({ title: 'Choose a nickname', closable: false, body: 'Required' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Choose a nickname' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Choose a nickname' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

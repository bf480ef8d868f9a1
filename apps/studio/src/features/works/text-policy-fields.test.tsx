import type { Locale } from '@taleforge/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { LocalizedFields } from './localized-fields';
import { NewWorkForm } from './new-work-form';

// The name rule of the text policy (decision 50) in the studio: a title or a character's name
// with a hidden character says so, in the server's words, before anything is sent.

async function show(ui: React.ReactNode, locale: Locale = 'en_US') {
  const i18n = await initI18n(locale);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function Names({ name }: { name: boolean }) {
  const [value, setValue] = useState({});
  return (
    <LocalizedFields legend="Name" value={value} onChange={setValue} maxLength={40} name={name} />
  );
}

describe('titles and names under the text policy', () => {
  it('a name field says a right-to-left override is refused, and clears once it is gone', async () => {
    await show(<Names name />);
    const english = screen.getByLabelText('Name (English)');
    fireEvent.change(english, { target: { value: 'Mi\u202era' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Names cannot contain invisible or direction-changing characters',
    );
    expect(english.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(english.getAttribute('aria-describedby')!)).toBe(
      screen.getByRole('alert'),
    );
    fireEvent.change(english, { target: { value: 'Mira' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(english, { target: { value: '👩‍💻 Mira' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in each language, in that language', async () => {
    await show(<Names name />, 'zh_CN');
    fireEvent.change(screen.getByLabelText('Name（日本語）'), {
      target: { value: '港\u200bの灯' },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      '名称中不能包含不可见字符或改变文字方向的字符',
    );
  });

  it('a free text field (a description) is cleaned by the server, not refused here', async () => {
    await show(<Names name={false} />);
    fireEvent.change(screen.getByLabelText('Name (English)'), { target: { value: 'a\u202eb' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new work with such a title is not sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await show(<NewWorkForm />, 'ja_JP');
    const title = screen.getByRole('textbox');
    fireEvent.change(title, { target: { value: 'Harbour\u2066Lights\u2069' } });
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('alert').textContent).toBe(
      '名前に見えない文字や文字の向きを変える文字は使えません',
    );
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});

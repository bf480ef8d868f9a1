import type { AssistantState } from '@taleforge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, signIn, stubApiHandlers } from '../../test/render';
import { AssistantPanel } from './assistant-panel';

const RESETS_AT = new Date(Date.now() + 3 * 3600_000).toISOString();

function state(overrides: Partial<AssistantState> = {}): AssistantState {
  return {
    avatar: 'female',
    muted: true,
    messages: [],
    has_more: false,
    cap: { limit: 100, used: 99, resets_at: RESETS_AT },
    voice: { transcription: 'server', speech: 'server' },
    ...overrides,
  };
}

function renderPanel(initial: AssistantState, routes: Parameters<typeof stubApiHandlers>[0] = {}) {
  signIn('p1', 'Reader', 'DF_ID');
  const fetchMock = stubApiHandlers({
    '/api/auth/h5/assistant/state': () => ({ data: initial }),
    ...routes,
  });
  renderWithQuery(
    <MemoryRouter>
      <AssistantPanel onClose={() => undefined} />
    </MemoryRouter>,
  );
  return fetchMock;
}

const textBox = () => screen.findByRole('textbox', { name: 'Message the assistant' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the assistant panel', () => {
  it('gives the words back and says when messages return when the cap refuses', async () => {
    const sends: unknown[] = [];
    renderPanel(state(), {
      '/api/auth/h5/assistant/send': ({ body }) => {
        sends.push(body);
        return { status: 6401, desc: "You have used today's assistant messages" };
      },
    });
    fireEvent.change(await textBox(), { target: { value: 'find me a romance story' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You have used today's assistant messages.");
    expect(alert.textContent).toContain('Messages come back at');
    const box = (await textBox()) as HTMLTextAreaElement;
    expect(box.value).toBe('find me a romance story');
    expect(box.disabled).toBe(true);
    // One try: a refusal is never sent again, and it carried a fresh message id.
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ text: 'find me a romance story', source: 'text' });
  });

  it('explains a refused microphone and sends the player to the text box', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
      },
    });
    renderPanel(state());
    await textBox();
    const mic = screen.getByRole('button', { name: 'Hold to speak' });
    mic.focus();
    fireEvent.keyDown(mic, { key: ' ' });
    await screen.findByText(/The microphone is blocked/);
    const box = await textBox();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  it('says voice needs a speech service, before any press, when neither the server nor the browser has one', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    renderPanel(state({ voice: { transcription: 'browser', speech: 'browser' } }));
    await textBox();
    const mic = screen.getByRole('button', { name: 'Hold to speak' });
    const status = screen.getByTestId('assistant-voice-status');
    expect(status.textContent).toMatch(/^Voice input needs a speech service/);
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    expect(mic.getAttribute('aria-describedby')).toBe(status.id);
    // A press changes nothing: no recording starts, the sentence stays.
    fireEvent.keyDown(mic, { key: ' ' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(status.textContent).toMatch(/^Voice input needs a speech service/);
    // Nor does the welcome ask the player to hold the microphone.
    const welcome = screen.getByText(/^Ask me to find a story/);
    expect(welcome.textContent).toMatch(/Type your question below\.$/);
    expect(welcome.textContent).not.toMatch(/microphone/);
  });

  it('welcomes with both ways to ask where the microphone can be used', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => undefined } });
    renderPanel(state());
    await textBox();
    expect(screen.getByText(/^Ask me to find a story/).textContent).toMatch(
      /hold the microphone and speak\.$/,
    );
  });

  it('goes at once where the player asked to go, closing the panel', async () => {
    signIn('p1', 'Reader', 'DF_ID');
    const reply = (id: number, role: 'player' | 'assistant', text: string) => ({
      id,
      role,
      text,
      source: role === 'player' ? 'text' : null,
      works: [],
      actions:
        role === 'assistant'
          ? [{ kind: 'open', path: '/drama/7', label: 'Second Chance Café', auto: true }]
          : [],
      created_at: new Date().toISOString(),
    });
    stubApiHandlers({
      '/api/auth/h5/assistant/state': () => ({ data: state() }),
      '/api/auth/h5/assistant/send': () => ({
        data: {
          message: reply(1, 'player', 'open Second Chance Café'),
          reply: reply(2, 'assistant', 'Opening Second Chance Café.'),
          cap: { limit: 100, used: 100, resets_at: RESETS_AT },
        },
      }),
    });
    let closed = false;
    renderWithQuery(
      <MemoryRouter initialEntries={['/For_You']}>
        <Routes>
          <Route path="/For_You" element={<AssistantPanel onClose={() => (closed = true)} />} />
          <Route path="/drama/:id" element={<p>the story page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.change(await textBox(), { target: { value: 'open Second Chance Café' } });
    fireEvent.keyDown(await textBox(), { key: 'Enter' });
    await screen.findByText('the story page');
    expect(closed).toBe(true);
  });

  it('saves the guide the player picks', async () => {
    const saved: unknown[] = [];
    renderPanel(state(), {
      '/api/auth/h5/assistant/settings': ({ body }) => {
        saved.push(body);
        return { data: { avatar: 'male', muted: true } };
      },
    });
    await textBox();
    fireEvent.click(screen.getByRole('button', { name: 'Male guide' }));
    await waitFor(() => expect(saved).toEqual([{ avatar: 'male' }]));
    const male = screen.getByRole('button', { name: 'Male guide' });
    expect(male.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('assistant-avatar').getAttribute('data-avatar')).toBe('male');
  });
});

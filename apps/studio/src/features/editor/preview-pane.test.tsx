import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { EditorApi, PreviewRequest, PreviewResult } from './editor-api';
import { PreviewPane } from './preview-pane';

/** A two-step story behind the preview call, as the server would play it, stateless. */
function storyServer() {
  const asked: PreviewRequest[] = [];
  const preview = async (request: PreviewRequest): Promise<PreviewResult> => {
    asked.push(request);
    const choices = request.choices ?? [];
    if (request.knot === 'locked') throw new Error('Your draft does not compile');
    const base = { knots: ['harbour', 'harbour.night', 'locked'], path: request.knot ?? null };
    if (choices.length === 0)
      return {
        ...base,
        lines: [{ text: 'The lights are out.', tags: ['speaker: mara:smile', 'mood: calm'] }],
        choices: [
          { index: 0, text: 'Wait' },
          { index: 1, text: 'Row out' },
        ],
        ended: false,
        variables: { gold: 2 },
      };
    return {
      ...base,
      lines: [{ text: choices[0] === 1 ? 'You row out.' : 'You wait.', tags: [] }],
      choices: [],
      ended: true,
      variables: { gold: choices[0] === 1 ? 1 : 2 },
    };
  };
  const api: EditorApi = {
    loadFile: async (path) => ({ path, source: '' }),
    saveFile: async (path, source) => ({ path, size: source.length, revision: 1 }),
    deleteFile: async () => ({ revision: 1 }),
    preview,
    check: async () => [],
  };
  return { api, asked };
}

async function renderPane() {
  const server = storyServer();
  let flushed = 0;
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en_US', resources: {}, fallbackLng: false });
  render(
    <I18nextProvider i18n={i18n}>
      <PreviewPane
        api={server.api}
        chapters={[{ file: 'main.ink', title: {} }]}
        speakers={{ mara: 'Mara' }}
        flush={async () => {
          flushed += 1;
        }}
      />
    </I18nextProvider>,
  );
  return { ...server, flushed: () => flushed };
}

describe('the preview pane', () => {
  it('plays from the start after saving, sends every choice so far, and shows speaker and variables', async () => {
    const { asked, flushed } = await renderPane();
    act(() => screen.getByRole('button', { name: 'Play from the start' }).click());
    expect(await screen.findByText('The lights are out.')).toBeTruthy();
    expect(flushed()).toBe(1);
    // The speaker by the name players see, without the expression.
    expect(screen.getByText('Mara').tagName).toBe('STRONG');
    expect(screen.getByText('gold').nextElementSibling?.textContent).toBe('2');

    act(() => screen.getByRole('button', { name: 'Row out' }).click());
    expect(await screen.findByText('You row out.')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ chapter: 1, knot: undefined, choices: [1] });
    expect(screen.getByText('The end')).toBeTruthy();
    expect(screen.getByText('gold').nextElementSibling?.textContent).toBe('1');

    act(() => screen.getByRole('button', { name: 'Restart' }).click());
    expect(await screen.findByText('The lights are out.')).toBeTruthy();
    expect(asked.at(-1)?.choices).toEqual([]);
  });

  it('jumps to a knot from the list the server gave, and shows a failure’s message', async () => {
    const { asked } = await renderPane();
    act(() => screen.getByRole('button', { name: 'Play from the start' }).click());
    const jump = await screen.findByLabelText('Jump to knot');
    act(() => {
      fireEvent.change(jump, { target: { value: 'harbour.night' } });
    });
    expect(await screen.findByText('Now at harbour.night')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ chapter: 1, knot: 'harbour.night', choices: [] });

    act(() => {
      fireEvent.change(jump, { target: { value: 'locked' } });
    });
    expect(await screen.findByText('Preview failed: Your draft does not compile')).toBeTruthy();
  });
});

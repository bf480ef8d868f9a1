import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { EditorApi } from './editor-api';
import InkEditor from './ink-editor';

/** An in-memory work behind the editor's interface, as the shell's client would be. */
function memoryWork(sources: Record<string, string>) {
  const files = new Map(Object.entries(sources));
  let revision = 1;
  const saves: string[] = [];
  const api: EditorApi = {
    loadFile: async (path) => ({ path, source: files.get(path) ?? '' }),
    saveFile: async (path, source) => {
      if (source.includes('FAIL')) throw new Error('Your works are over 5 MB');
      files.set(path, source);
      saves.push(path);
      return { path, size: source.length, revision: ++revision };
    },
    deleteFile: async (path) => {
      files.delete(path);
      return { revision: ++revision };
    },
    preview: async () => ({
      lines: [],
      choices: [],
      ended: true,
      knots: [],
      variables: {},
      path: null,
    }),
    // The server's check of what it has, as publishing checks it: here, speakers the work lacks.
    check: async () =>
      [...files].flatMap(([file, source]) =>
        source.split('\n').flatMap((text, i) => {
          const speaker = /#\s*speaker:\s*(\w+)/.exec(text)?.[1];
          return speaker && speaker !== 'mara'
            ? [
                {
                  file,
                  line: i + 1,
                  severity: 'error' as const,
                  message: `unknown character "${speaker}"`,
                },
              ]
            : [];
        }),
      ),
  };
  return { api, files, saves };
}

async function renderEditor(sources: Record<string, string>) {
  const work = memoryWork(sources);
  const renamed: [string, string][] = [];
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en_US', resources: {}, fallbackLng: false });
  render(
    <I18nextProvider i18n={i18n}>
      <InkEditor
        files={Object.entries(sources).map(([path, s]) => ({ path, size: s.length }))}
        chapters={[{ file: 'main.ink', title: {} }]}
        api={work.api}
        onFileRenamed={(from, to) => renamed.push([from, to])}
      />
    </I18nextProvider>,
  );
  await waitFor(() => expect(document.querySelector('.cm-content')?.textContent).not.toBe(''));
  const view = EditorView.findFromDOM(document.querySelector('.cm-editor') as HTMLElement);
  if (!view) throw new Error('no editor view');
  return { work, view, renamed };
}

const linesWithDiagnostics = (view: EditorView) => {
  const lines: number[] = [];
  forEachDiagnostic(view.state, (d) => lines.push(view.state.doc.lineAt(d.from).number));
  return lines;
};

// jsdom does no layout: CodeMirror measures text ranges, which jsdom's Range lacks.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects ??= () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('the ink editor', () => {
  it('shows a compile error at its line, in place and in the problems list, and clears it when fixed', async () => {
    const { view, work } = await renderEditor({
      'main.ink': 'INCLUDE people.ink\nHello.\n-> meet\n',
      'people.ink': '=== meet ===\nMara waves.\n-> END\n',
    });
    await screen.findByText('No problems');

    // Break line 3 of main.ink: a logic line with nothing assigned.
    const line3 = view.state.doc.line(3);
    act(() => view.dispatch({ changes: { from: line3.from, to: line3.to, insert: '~ gold = ' } }));
    const problem = await screen.findByRole('button', { name: /main\.ink, line 3/ });
    expect(problem.textContent).toContain('Error');
    await waitFor(() => expect(linesWithDiagnostics(view)).toEqual([3]));

    // The typed text reaches the server a pause later.
    await waitFor(() => expect(work.files.get('main.ink')).toContain('~ gold = '));
    expect(await screen.findByText('Saved')).toBeTruthy();

    const broken = view.state.doc.line(3);
    act(() => view.dispatch({ changes: { from: broken.from, to: broken.to, insert: '-> meet' } }));
    await screen.findByText('No problems');
    expect(screen.queryByRole('button', { name: /line 3/ })).toBeNull();
    expect(linesWithDiagnostics(view)).toEqual([]);
  });

  it('says what publishing would refuse, once saved: a speaker the work does not have', async () => {
    const { view, work } = await renderEditor({ 'main.ink': 'Hello. #speaker: mara\n-> END\n' });
    await screen.findByText('No problems');
    const line1 = view.state.doc.line(1);
    act(() =>
      view.dispatch({
        changes: { from: line1.from, to: line1.to, insert: 'Hello. #speaker: nobody' },
      }),
    );
    // The ink compiles; "No problems" waits for the server's check of the saved text.
    const problem = await screen.findByRole('button', { name: /main\.ink, line 1/ });
    expect(problem.textContent).toContain('unknown character "nobody"');
    expect(work.files.get('main.ink')).toContain('nobody');
    await waitFor(() => expect(linesWithDiagnostics(view)).toEqual([1]));

    act(() =>
      view.dispatch({ changes: { from: 0, to: view.state.doc.line(1).to, insert: 'Hello.' } }),
    );
    await screen.findByText('No problems');
    expect(screen.queryByRole('button', { name: /line 1/ })).toBeNull();
  });

  it('opens an INCLUDEd file at the line of its error from the problems list', async () => {
    const { view } = await renderEditor({
      'main.ink': 'INCLUDE people.ink\nHello.\n-> meet\n',
      'people.ink': '=== meet ===\nMara waves.\n~ x = \n-> END\n',
    });
    const problem = await screen.findByRole('button', { name: /people\.ink, line 3/ });
    act(() => problem.click());
    expect(screen.getByRole('button', { name: 'people.ink', current: 'page' })).toBeTruthy();
    expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(3);
    await waitFor(() => expect(linesWithDiagnostics(view)).toEqual([3]));
  });

  it('shows the save call’s message when a save fails', async () => {
    const { view } = await renderEditor({ 'main.ink': 'Hello.\n-> END\n' });
    act(() => view.dispatch({ changes: { from: 0, insert: 'FAIL ' } }));
    expect(await screen.findByText('Not saved: Your works are over 5 MB')).toBeTruthy();
  });

  it('adds, renames and deletes files through the API, refusing a bad name', async () => {
    const { work, renamed } = await renderEditor({ 'main.ink': 'Hello.\n-> END\n' });
    const submitName = (name: string, button: string) => {
      fireEvent.change(screen.getByLabelText('File name'), { target: { value: name } });
      act(() => screen.getByRole('button', { name: button }).click());
    };

    act(() => screen.getByRole('button', { name: 'New file' }).click());
    submitName('../two.ink', 'Create');
    expect((await screen.findByRole('alert')).textContent).toContain('ending in .ink');
    submitName('parts/two.ink', 'Create');
    await screen.findByRole('button', { name: 'parts/two.ink', current: 'page' });
    expect(work.files.get('parts/two.ink')).toBe('');

    act(() => screen.getByRole('button', { name: 'Rename' }).click());
    submitName('main.ink', 'Rename file');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is already a file with this name',
    );
    submitName('two.ink', 'Rename file');
    await screen.findByRole('button', { name: 'two.ink', current: 'page' });
    expect([...work.files.keys()].sort()).toEqual(['main.ink', 'two.ink']);
    expect(renamed).toEqual([['parts/two.ink', 'two.ink']]);

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    act(() => screen.getByRole('button', { name: 'Delete' }).click());
    await screen.findByRole('button', { name: 'main.ink', current: 'page' });
    expect([...work.files.keys()]).toEqual(['main.ink']);
    expect(screen.queryByRole('button', { name: 'two.ink' })).toBeNull();
  });
});

import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { type InkDiagnostic, toEditorDiagnostics } from './diagnostics';
import { inkLanguage } from './ink-language';
import { inkEditorTheme, inkHighlighting } from './ink-theme';

/**
 * One CodeMirror view showing one file at a time. Each file keeps its own EditorState, so undo
 * history, selection and scroll survive switching tabs. Tab is left to focus navigation (no
 * indent-with-tab), so keyboard users can leave the editor.
 */
export class EditorSession {
  readonly view: EditorView;
  private states = new Map<string, EditorState>();
  private current: string | null = null;
  private extensions: Extension[];
  private diagnostics: InkDiagnostic[] = [];

  constructor(
    parent: HTMLElement,
    label: string,
    private readonly onChange: (path: string) => void,
  ) {
    this.extensions = [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap]),
      inkLanguage,
      inkHighlighting,
      inkEditorTheme,
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && this.current) this.onChange(this.current);
      }),
    ];
    this.view = new EditorView({
      parent,
      state: EditorState.create({ extensions: this.extensions }),
    });
  }

  get path(): string | null {
    return this.current;
  }

  has(path: string): boolean {
    return this.states.has(path) || this.current === path;
  }

  /** Shows `path`, creating its state from `source` the first time. */
  open(path: string, source: string): void {
    if (this.current === path) return;
    if (this.current) this.states.set(this.current, this.view.state);
    const state =
      this.states.get(path) ?? EditorState.create({ doc: source, extensions: this.extensions });
    this.current = path;
    this.view.setState(state);
    this.applyDiagnostics();
  }

  text(path: string): string | undefined {
    if (path === this.current) return this.view.state.doc.toString();
    return this.states.get(path)?.doc.toString();
  }

  /** Adds a file without showing it. */
  add(path: string, source: string): void {
    if (!this.has(path))
      this.states.set(path, EditorState.create({ doc: source, extensions: this.extensions }));
  }

  rename(from: string, to: string): void {
    if (this.current === from) this.current = to;
    const state = this.states.get(from);
    this.states.delete(from);
    if (state) this.states.set(to, state);
    this.applyDiagnostics();
  }

  remove(path: string): void {
    this.states.delete(path);
    if (this.current === path) this.current = null;
  }

  showDiagnostics(list: InkDiagnostic[]): void {
    this.diagnostics = list;
    this.applyDiagnostics();
  }

  /** Puts the cursor at the start of a 1-based line's text and scrolls it into view. */
  goToLine(line: number): void {
    const doc = this.view.state.doc;
    const target = doc.line(Math.min(Math.max(line, 1), doc.lines));
    const indent = /^\s*/.exec(target.text)?.[0].length ?? 0;
    this.view.dispatch({
      selection: EditorSelection.cursor(target.from + indent),
      effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
    });
    this.view.focus();
  }

  destroy(): void {
    this.view.destroy();
  }

  private applyDiagnostics(): void {
    if (!this.current) return;
    const list = toEditorDiagnostics(this.diagnostics, this.current, this.view.state.doc);
    this.view.dispatch(setDiagnostics(this.view.state, list));
  }
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CompileScheduler, createCompileRunner } from './compile-scheduler';
import { type InkDiagnostic, withServerChecks } from './diagnostics';
import type { InkEditorProps } from './editor-api';
import { EditorSession } from './editor-session';
import { useEditorTexts } from './editor-texts';
import { FilesPanel } from './files-panel';
import { PreviewPane } from './preview-pane';
import { ProblemsList } from './problems-list';
import { SaveIndicator } from './save-indicator';
import { errorText, SaveQueue, type SaveStatus } from './save-queue';
import './ink-editor.css';

/**
 * The studio's ink editor: the work's files in tabs, compiled as you type (in a worker) with the
 * problems shown at their lines, saved a pause after each change and then checked by the server
 * as publishing checks it (characters, tasks, scenes a tag names), and a preview of the saved
 * draft played by the server. Lazy-load it: CodeMirror and the ink compiler stay out of the shell.
 */
export default function InkEditor({
  files,
  chapters,
  api,
  speakers = {},
  onFilesChange,
  onFileRenamed,
  onRevision,
}: InkEditorProps) {
  const t = useEditorTexts();
  const host = useRef<HTMLDivElement>(null);
  const session = useRef<EditorSession | null>(null);
  const saves = useRef<SaveQueue | null>(null);
  const compiles = useRef<CompileScheduler | null>(null);
  const [paths, setPaths] = useState(() => files.map((f) => f.path));
  const [active, setActive] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState<Record<string, SaveStatus>>({});
  // The worker's compile as you type, and the server's check of what it last saved: "No problems"
  // only once both have answered for the text on screen.
  const [compiled, setCompiled] = useState<InkDiagnostic[] | null>(null);
  const [checked, setChecked] = useState<InkDiagnostic[] | null>(null);
  const diagnostics = useMemo(
    () => (compiled && checked ? withServerChecks(compiled, checked) : null),
    [compiled, checked],
  );
  const edits = useRef(0);
  const latest = useRef({ paths, chapters, api, onFilesChange, onRevision });
  latest.current = { paths, chapters, api, onFilesChange, onRevision };

  useEffect(() => {
    if (diagnostics) session.current?.showDiagnostics(diagnostics);
  }, [diagnostics]);

  /** Asks the server about what it has now; an answer overtaken by an edit is dropped. */
  const checkOnServer = useCallback(() => {
    const at = edits.current;
    const take = (list: InkDiagnostic[]) => {
      if (edits.current === at) setChecked(list);
    };
    latest.current.api.check().then(take, () => take([]));
  }, []);

  const requestCompile = useCallback(() => {
    edits.current++;
    setCompiled(null);
    setChecked(null);
    compiles.current?.request(() => {
      const { paths: all, chapters: list } = latest.current;
      const sources = Object.fromEntries(all.map((p) => [p, session.current?.text(p) ?? '']));
      return { files: sources, chapterFiles: list.map((c) => c.file) };
    });
  }, []);

  // One session per mount; the file texts are loaded once and then live in the editor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial file list only.
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorSession(host.current, t('editor.code'), (path) => {
      saves.current?.changed(path, () => view.text(path) ?? '');
      requestCompile();
    });
    session.current = view;
    saves.current = new SaveQueue(
      async (path, source) => {
        try {
          const saved = await latest.current.api.saveFile(path, source);
          latest.current.onRevision?.(saved.revision);
        } catch (failure) {
          // Unsaved, the server cannot check it: the worker's compile stands alone meanwhile.
          setChecked((now) => now ?? []);
          throw failure;
        }
        checkOnServer();
      },
      (path, next) => setStatus((all) => ({ ...all, [path]: next })),
    );
    compiles.current = new CompileScheduler(createCompileRunner(), setCompiled);
    let cancelled = false;
    Promise.all(files.map((f) => latest.current.api.loadFile(f.path))).then(
      (loaded) => {
        if (cancelled) return;
        for (const file of loaded) view.add(file.path, file.source);
        const first = latest.current.chapters[0]?.file;
        const start = loaded.find((f) => f.path === first) ?? loaded[0];
        if (start) view.open(start.path, start.source);
        setActive(start?.path ?? null);
        setLoaded(true);
        requestCompile();
        checkOnServer();
      },
      (failure) => !cancelled && setLoadError(errorText(failure)),
    );
    return () => {
      cancelled = true;
      void saves.current?.flush();
      saves.current?.dispose();
      compiles.current?.dispose();
      view.destroy();
    };
  }, []);

  const open = (path: string) => {
    session.current?.open(path, '');
    setActive(path);
  };

  const flush = useCallback(() => saves.current?.flush() ?? Promise.resolve(), []);

  const announce = (next: string[]) => {
    setPaths(next);
    latest.current.paths = next;
    latest.current.onFilesChange?.(
      next.map((path) => ({
        path,
        size: new TextEncoder().encode(session.current?.text(path) ?? '').length,
      })),
    );
    requestCompile();
    checkOnServer();
  };

  const handleAdd = async (path: string) => {
    const saved = await api.saveFile(path, '');
    onRevision?.(saved.revision);
    session.current?.add(path, '');
    announce([...paths, path]);
    open(path);
  };

  const handleRename = async (from: string, to: string) => {
    await flush();
    const saved = await api.saveFile(to, session.current?.text(from) ?? '');
    const deleted = await api.deleteFile(from);
    onRevision?.(Math.max(saved.revision, deleted.revision));
    saves.current?.forget(from);
    session.current?.rename(from, to);
    if (active === from) setActive(to);
    announce(paths.map((p) => (p === from ? to : p)));
    onFileRenamed?.(from, to);
  };

  const handleDelete = async (path: string) => {
    saves.current?.forget(path);
    const deleted = await api.deleteFile(path);
    onRevision?.(deleted.revision);
    session.current?.remove(path);
    const rest = paths.filter((p) => p !== path);
    announce(rest);
    if (active === path) {
      const next = rest[0] ?? null;
      if (next) open(next);
      else setActive(null);
    }
  };

  const handlePick = (d: InkDiagnostic) => {
    if (!paths.includes(d.file)) return;
    open(d.file);
    session.current?.goToLine(d.line);
  };

  return (
    <section className="ink-editor" aria-label={t('editor.region')}>
      <FilesPanel
        paths={paths}
        active={active}
        status={status}
        onOpen={open}
        onAdd={handleAdd}
        onRename={handleRename}
        onDelete={handleDelete}
      />
      <div className="ink-editor__main">
        <div className="ink-editor__bar">
          <span className="ink-editor__path">{active}</span>
          {active && <SaveIndicator status={status[active]} />}
        </div>
        {loadError && (
          <p className="ink-editor__error" role="alert">
            {t('editor.loadFailed', { error: loadError })}
          </p>
        )}
        <div ref={host} className="ink-editor__code" hidden={!active} />
        {!loaded && !loadError && <p className="ink-preview__note">{t('editor.loading')}</p>}
        <ProblemsList diagnostics={diagnostics} onPick={handlePick} />
      </div>
      <PreviewPane api={api} chapters={chapters} speakers={speakers} flush={flush} />
    </section>
  );
}

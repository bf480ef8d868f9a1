import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';

/** A compiler message where the author can find it; `line` is 1-based, 0 for "no line". */
export interface InkDiagnostic {
  file: string;
  line: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

// inkjs reports "ERROR: 'file.ink' line 12: message" (also WARNING, TODO and RUNTIME ones).
const MESSAGE =
  /^(RUNTIME ERROR|RUNTIME WARNING|ERROR|WARNING|TODO): (?:'([^']*)' )?(?:line (\d+): )?(.*)$/s;
const SEVERITY: Record<string, InkDiagnostic['severity']> = {
  ERROR: 'error',
  'RUNTIME ERROR': 'error',
  WARNING: 'warning',
  'RUNTIME WARNING': 'warning',
  TODO: 'info',
};

export function parseCompilerMessage(
  text: string,
  mainFile: string,
  fallback: InkDiagnostic['severity'] = 'error',
): InkDiagnostic {
  const match = MESSAGE.exec(text);
  if (!match) return { file: mainFile, line: 0, severity: fallback, message: text.trim() };
  const [, kind = 'ERROR', file, line, message = ''] = match;
  // A failed INCLUDE carries the reason (the file handler's error) on a second line.
  const [first = '', ...rest] = message.split('\n');
  const reason = rest
    .join(' ')
    .replace(/^(?:\s*Error:)+\s*/, '')
    .trim();
  return {
    file: file ?? mainFile,
    line: line ? Number(line) : 0,
    severity: SEVERITY[kind] ?? fallback,
    message: reason ? `${first.trim()} ${reason}` : first.trim(),
  };
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/**
 * The worker's compile with what only the server checks (a tag naming a character, task or
 * scene the work does not have): the server's problems at a line the compile has nothing on.
 * Both compile the same ink, so a line the compile already flags is not said twice.
 */
export function withServerChecks(
  compiled: InkDiagnostic[],
  server: InkDiagnostic[],
): InkDiagnostic[] {
  const flagged = new Set(compiled.map((d) => `${d.file}\n${d.line}`));
  return sortDiagnostics([
    ...compiled,
    ...server.filter((d) => !flagged.has(`${d.file}\n${d.line}`)),
  ]);
}

/** One entry per file, line and message (several chapters may INCLUDE the same file), in order. */
export function sortDiagnostics(list: InkDiagnostic[]): InkDiagnostic[] {
  const seen = new Map<string, InkDiagnostic>();
  for (const d of list) seen.set(`${d.file}\n${d.line}\n${d.severity}\n${d.message}`, d);
  return [...seen.values()].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || RANK[a.severity] - RANK[b.severity],
  );
}

/**
 * The diagnostics of one file as CodeMirror ranges: the line's text without its indentation. A line
 * past the end (the file changed since the compile started) is clamped to the last one.
 */
export function toEditorDiagnostics(list: InkDiagnostic[], file: string, doc: Text): Diagnostic[] {
  return list
    .filter((d) => d.file === file)
    .map((d) => {
      const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
      const indent = /^\s*/.exec(line.text)?.[0].length ?? 0;
      return {
        from: line.from + Math.min(indent, line.length),
        to: line.to,
        severity: d.severity,
        message: d.message,
      };
    });
}

import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { compileInk, compileRoots, includePath } from './compile-ink';
import { parseCompilerMessage, toEditorDiagnostics } from './diagnostics';

describe('compiler messages', () => {
  it('reads the file, line and severity of each kind', () => {
    expect(
      parseCompilerMessage("ERROR: 'two.ink' line 12: Unresolved variable: x", 'main.ink'),
    ).toEqual({
      file: 'two.ink',
      line: 12,
      severity: 'error',
      message: 'Unresolved variable: x',
    });
    expect(parseCompilerMessage("WARNING: 'main.ink' line 3: loose end", 'main.ink').severity).toBe(
      'warning',
    );
    expect(parseCompilerMessage("TODO: 'main.ink' line 4: fix", 'main.ink').severity).toBe('info');
  });

  it('gives a message without a place to the main file at line 0, and keeps a failed load’s reason', () => {
    expect(parseCompilerMessage('Compilation failed.\nstack', 'main.ink')).toEqual({
      file: 'main.ink',
      line: 0,
      severity: 'error',
      message: 'Compilation failed.\nstack',
    });
    const include = parseCompilerMessage(
      "ERROR: 'main.ink' line 2: Failed to load: 'x.ink'.\nError: no file",
      'main.ink',
    );
    expect(include.message).toBe("Failed to load: 'x.ink'. no file");
  });
});

describe('diagnostics in the editor', () => {
  const doc = Text.of(['Hello', '  * Choice', '', '-> END']);

  it('covers the line without its indentation, only for the shown file', () => {
    const list = [
      { file: 'main.ink', line: 2, severity: 'error' as const, message: 'bad' },
      { file: 'other.ink', line: 1, severity: 'error' as const, message: 'elsewhere' },
    ];
    const [only, ...rest] = toEditorDiagnostics(list, 'main.ink', doc);
    expect(rest).toEqual([]);
    expect(doc.sliceString(only?.from ?? 0, only?.to)).toBe('* Choice');
  });

  it('puts line 0 on the first line and a line past the end on the last', () => {
    const list = [
      { file: 'main.ink', line: 0, severity: 'warning' as const, message: 'a' },
      { file: 'main.ink', line: 99, severity: 'error' as const, message: 'b' },
    ];
    const [first, last] = toEditorDiagnostics(list, 'main.ink', doc);
    expect(doc.lineAt(first?.from ?? -1).number).toBe(1);
    expect(doc.lineAt(last?.from ?? -1).number).toBe(4);
  });
});

describe('compiling a work', () => {
  const files = {
    'main.ink': 'INCLUDE people.ink\nHello.\n-> meet\n',
    'people.ink': '=== meet ===\nMara waves.\n~ gold = \n-> END\n',
    'notes.ink': 'Only notes -> nowhere\n',
  };

  it('starts from the chapters, or from files nothing INCLUDEs', () => {
    expect(compileRoots(files, ['main.ink', 'missing.ink'])).toEqual(['main.ink']);
    expect(compileRoots(files, []).sort()).toEqual(['main.ink', 'notes.ink']);
  });

  it('reports an error in an INCLUDEd file at that file and line', () => {
    const found = compileInk(files, ['main.ink']);
    expect(found).toContainEqual(
      expect.objectContaining({ file: 'people.ink', line: 3, severity: 'error' }),
    );
    expect(found.filter((d) => d.file === 'main.ink')).toEqual([]);
  });

  it('names a missing INCLUDE at the line that asks for it', () => {
    const found = compileInk({ 'main.ink': 'Hi.\nINCLUDE gone.ink\n-> END\n' }, ['main.ink']);
    expect(found).toEqual([
      expect.objectContaining({
        file: 'main.ink',
        line: 2,
        severity: 'error',
        message: expect.stringContaining('gone.ink'),
      }),
    ]);
  });

  it('resolves INCLUDE names inside the work as the server does, and refuses a way out', () => {
    expect(includePath(' ./parts/../people.ink ')).toBe('people.ink');
    expect(includePath('parts\\two.ink')).toBe('parts/two.ink');
    expect(includePath('../secret.ink')).toBeNull();
    expect(includePath('/etc/passwd')).toBeNull();
    const found = compileInk({ 'main.ink': 'Hi.\n-> END\nINCLUDE ../out.ink\n' }, ['main.ink']);
    expect(found).toEqual([
      expect.objectContaining({
        file: 'main.ink',
        line: 3,
        severity: 'error',
        message: expect.stringContaining('out.ink'),
      }),
    ]);
  });

  it('finds nothing wrong with a correct story', () => {
    expect(compileInk({ 'main.ink': 'Hi.\n* [Go] -> END\n' }, ['main.ink'])).toEqual([]);
  });
});

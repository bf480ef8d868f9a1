import { Compiler, CompilerOptions } from 'inkjs/full';
import { type InkDiagnostic, parseCompilerMessage, sortDiagnostics } from './diagnostics';

/** Path within the work → ink source. */
export type InkFiles = Readonly<Record<string, string>>;

const INCLUDE = /^[ \t]*INCLUDE[ \t]+(.+?)[ \t]*(?:\/\/.*)?$/gm;

function includedBy(files: InkFiles): Set<string> {
  const included = new Set<string>();
  for (const source of Object.values(files)) {
    for (const match of source.matchAll(INCLUDE)) {
      const path = match[1] ? includePath(match[1]) : null;
      if (path) included.add(path);
    }
  }
  return included;
}

/**
 * The files the compiler starts from: the chapters' files, or when no chapter names an existing
 * file yet, every file no other file INCLUDEs (so a new work is checked from its first line).
 */
export function compileRoots(files: InkFiles, chapterFiles: readonly string[]): string[] {
  const chapters = chapterFiles.filter((path) => path in files);
  if (chapters.length > 0) return [...new Set(chapters)];
  const included = includedBy(files);
  return Object.keys(files).filter((path) => !included.has(path));
}

/** An INCLUDE's name as a path in the work, as the server resolves it; null if it leaves the work. */
export function includePath(name: string): string | null {
  const parts: string[] = [];
  const cleaned = name.trim().replace(/\\/g, '/');
  if (cleaned.startsWith('/')) return null;
  for (const part of cleaned.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.pop() === undefined) return null;
  }
  return parts.join('/');
}

function compileOne(files: InkFiles, root: string): InkDiagnostic[] {
  const options = new CompilerOptions(root, [], false, null, {
    ResolveInkFilename: (name: string) => includePath(name) ?? name,
    // The compiler reports what this throws at the INCLUDE's line, naming the file.
    LoadInkFileContents: (name: string) => {
      if (includePath(name) !== name) throw new Error(`"${name}" points outside this work`);
      const source = files[name];
      if (source === undefined) throw new Error(`no file "${name}" in this work`);
      return source;
    },
  });
  const compiler = new Compiler(files[root] ?? '', options);
  let thrown: string | null = null;
  try {
    compiler.Compile();
  } catch (error) {
    thrown = error instanceof Error ? error.message : String(error);
  }
  const found = [
    ...(compiler.errors ?? []).map((m: string) => parseCompilerMessage(m, root, 'error')),
    ...(compiler.warnings ?? []).map((m: string) => parseCompilerMessage(m, root, 'warning')),
    ...(compiler.authorMessages ?? []).map((m: string) => parseCompilerMessage(m, root, 'info')),
  ];
  // The compiler throws "Compilation failed." after listing errors; anything else is news.
  if (thrown && !found.some((d) => d.severity === 'error'))
    found.push({ file: root, line: 0, severity: 'error', message: thrown });
  return found;
}

/** Compiles every root with the files it INCLUDEs and lists what the compiler said, by file. */
export function compileInk(files: InkFiles, chapterFiles: readonly string[]): InkDiagnostic[] {
  return sortDiagnostics(
    compileRoots(files, chapterFiles).flatMap((root) => compileOne(files, root)),
  );
}

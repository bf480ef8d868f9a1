import { Compiler, CompilerOptions } from 'inkjs/full';
import { type InkDiagnostic, parseCompilerMessage, sortDiagnostics } from './diagnostics';

/** Path within the work → ink source. */
export type InkFiles = Readonly<Record<string, string>>;

const INCLUDE = /^[ \t]*INCLUDE[ \t]+(.+?)[ \t]*(?:\/\/.*)?$/gm;

function includedBy(files: InkFiles): Set<string> {
  const included = new Set<string>();
  for (const source of Object.values(files)) {
    for (const match of source.matchAll(INCLUDE)) if (match[1]) included.add(match[1].trim());
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

function compileOne(files: InkFiles, root: string): InkDiagnostic[] {
  const options = new CompilerOptions(root, [], false, null, {
    ResolveInkFilename: (name: string) => name.trim().replace(/^\.\//, ''),
    LoadInkFileContents: (name: string) => {
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

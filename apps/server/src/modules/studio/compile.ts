import type { StudioDiagnostic } from '@taleforge/contracts';
import type { ChapterInspection, GameDefinition, InkProblem } from '../play/index.js';

export interface CompiledWork {
  ok: boolean;
  diagnostics: StudioDiagnostic[];
  /** Each chapter's compiled story, null where it has errors. */
  stories: (string | null)[];
}

const diagnostic = (severity: StudioDiagnostic['severity'], p: InkProblem): StudioDiagnostic => ({
  file: p.file,
  line: p.line ?? 0,
  severity,
  message: p.message,
});

/**
 * Every chapter compiled as publishing would (`inspections`, from a story process), with every
 * error and warning at its file and line. A file several chapters INCLUDE is reported once, not
 * once per chapter.
 */
export function diagnoseWork(def: GameDefinition, inspections: ChapterInspection[]): CompiledWork {
  const files = def.inkFiles ?? {};
  const seen = new Set<string>();
  const diagnostics: StudioDiagnostic[] = [];
  const add = (d: StudioDiagnostic) => {
    const key = JSON.stringify(d);
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push(d);
  };
  const missing = def.chapters.filter((c) => c.file && files[c.file] === undefined);
  for (const c of missing) {
    add({ file: c.file!, line: 0, severity: 'error', message: `no file "${c.file}" in this work` });
  }
  for (const chapter of inspections) {
    for (const p of chapter.errors) add(diagnostic('error', p));
    for (const p of chapter.warnings) add(diagnostic('warning', p));
  }
  return {
    ok: !diagnostics.some((d) => d.severity === 'error'),
    diagnostics,
    stories: inspections.map((c) => c.storyJson),
  };
}

/// <reference lib="webworker" />
import { compileInk } from './compile-ink';
import type { CompileRequest, CompileResult } from './compile-scheduler';

// The compile of a large story takes tens to hundreds of milliseconds: here it never delays a
// keystroke on the page.
self.onmessage = (event: MessageEvent<CompileRequest>) => {
  const { seq, files, chapterFiles } = event.data;
  const result: CompileResult = { seq, diagnostics: compileInk(files, chapterFiles) };
  self.postMessage(result);
};

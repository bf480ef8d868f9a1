import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CompileRequest,
  type CompileResult,
  type CompileRunner,
  CompileScheduler,
} from './compile-scheduler';
import type { InkDiagnostic } from './diagnostics';

/** A runner whose compiles finish when the test says so, to order results as a slow worker would. */
function manualRunner() {
  const runs: CompileRequest[] = [];
  let listener: (r: CompileResult) => void = () => {};
  const runner: CompileRunner = {
    run: (request) => runs.push(request),
    onResult: (next) => {
      listener = next;
    },
    dispose: () => {},
  };
  const finish = (request: CompileRequest | undefined) =>
    listener({
      seq: request?.seq ?? -1,
      diagnostics: [{ file: String(request?.files.text), line: 1, severity: 'error', message: '' }],
    });
  return { runner, runs, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('compile scheduling', () => {
  it('waits for a pause, runs one at a time and never reports a result older than the newest text', () => {
    vi.useFakeTimers();
    const { runner, runs, finish } = manualRunner();
    const reported: InkDiagnostic[][] = [];
    const scheduler = new CompileScheduler(runner, (list) => reported.push(list), 300);
    const ask = (text: string) => scheduler.request(() => ({ files: { text }, chapterFiles: [] }));

    ask('a');
    ask('ab');
    vi.advanceTimersByTime(300);
    expect(runs.map((r) => r.files.text)).toEqual(['ab']);

    ask('abc');
    vi.advanceTimersByTime(300);
    ask('abcd');
    vi.advanceTimersByTime(300);
    // 'abc' and 'abcd' wait while 'ab' compiles; only the newest is kept.
    expect(runs).toHaveLength(1);
    finish(runs[0]);
    expect(reported).toEqual([]);
    expect(runs.map((r) => r.files.text)).toEqual(['ab', 'abcd']);
    finish(runs[1]);
    expect(reported.map((list) => list[0]?.file)).toEqual(['abcd']);
  });
});

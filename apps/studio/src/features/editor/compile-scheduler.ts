import type { InkFiles } from './compile-ink';
import type { InkDiagnostic } from './diagnostics';

export interface CompileRequest {
  seq: number;
  files: InkFiles;
  chapterFiles: readonly string[];
}
export interface CompileResult {
  seq: number;
  diagnostics: InkDiagnostic[];
}

/** Runs one compile at a time somewhere else (a web worker) and reports back. */
export interface CompileRunner {
  run(request: CompileRequest): void;
  onResult(listener: (result: CompileResult) => void): void;
  dispose(): void;
}

/**
 * Debounces compiles while the author types, keeps at most one compile running and one waiting
 * (the newest), and reports a result only if nothing newer was asked for since: a slow compile
 * of old text never overwrites the diagnostics of newer text.
 */
export class CompileScheduler {
  private seq = 0;
  private busy = false;
  private waiting: CompileRequest | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly runner: CompileRunner,
    private readonly report: (diagnostics: InkDiagnostic[]) => void,
    private readonly delayMs = 300,
  ) {
    runner.onResult((result) => this.handleResult(result));
  }

  /** `collect` runs when the pause in typing is over, so a keystroke never copies the sources. */
  request(collect: () => Omit<CompileRequest, 'seq'>): void {
    clearTimeout(this.timer);
    const seq = ++this.seq;
    this.timer = setTimeout(() => this.send({ seq, ...collect() }), this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.runner.dispose();
  }

  private send(request: CompileRequest): void {
    if (this.busy) {
      this.waiting = request;
      return;
    }
    this.busy = true;
    this.runner.run(request);
  }

  private handleResult(result: CompileResult): void {
    this.busy = false;
    const next = this.waiting;
    this.waiting = null;
    if (next) this.send(next);
    if (result.seq === this.seq) this.report(result.diagnostics);
  }
}

/** The web worker; where there is none (a test's DOM), the same compile runs after the event. */
export function createCompileRunner(): CompileRunner {
  let listener: (result: CompileResult) => void = () => {};
  if (typeof Worker === 'undefined') {
    let disposed = false;
    return {
      run: (request) => {
        void import('./compile-ink').then(({ compileInk }) => {
          const diagnostics = compileInk(request.files, request.chapterFiles);
          if (!disposed) listener({ seq: request.seq, diagnostics });
        });
      },
      onResult: (next) => {
        listener = next;
      },
      dispose: () => {
        disposed = true;
      },
    };
  }
  const worker = new Worker(new URL('./compile-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<CompileResult>) => listener(event.data);
  return {
    run: (request) => worker.postMessage(request),
    onResult: (next) => {
      listener = next;
    },
    dispose: () => worker.terminate(),
  };
}

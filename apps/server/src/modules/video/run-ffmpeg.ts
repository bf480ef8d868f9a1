import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export interface FfmpegRun {
  /** The input's length, to turn ffmpeg's position into a fraction; 0 for no progress. */
  durationMs: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** ffmpeg stopped with an error: its own last words say why. */
export class FfmpegError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FfmpegError';
  }
}

/**
 * Runs ffmpeg to the end, reading its `-progress` report (key=value lines on stdout) for the
 * position reached. An abort kills it at once: the job that ran it is retried from the start,
 * so nothing it half wrote is kept.
 */
export function runFfmpeg(binary: string, args: string[], run: FfmpegRun): Promise<void> {
  const { durationMs, onProgress, signal } = run;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(
      binary,
      ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', '-nostats', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Transcodes are batch work: below the server's own priority, players' requests come first.
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Already gone: its close event says how.
    }
    let stderr = '';
    let pending = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_ms is in microseconds too (an old misnomer ffmpeg keeps beside out_time_us).
        const at = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (at && durationMs > 0 && onProgress) {
          onProgress(Math.min(1, Number(at[1]) / 1000 / durationMs));
        }
      }
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) return reject(signal.reason);
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').slice(-2).join(' / ');
      reject(new FfmpegError(last || `ffmpeg stopped (${killedBy ?? `exit code ${code}`})`));
    });
  });
}

import { execFile } from 'node:child_process';
import { locateFfmpeg } from '../video/index.js';

const PROBE_TIMEOUT_MS = 5_000;

let ffprobe: Promise<string | null> | null = null;

/** Found once per process; null when this machine has none (the caller decides what that means). */
function findFfprobe(): Promise<string | null> {
  ffprobe ??= locateFfmpeg().then(
    (binaries) => binaries.ffprobe,
    () => null,
  );
  return ffprobe;
}

export type ProbeResult = { ms: number } | 'unreadable' | 'no-prober';

/**
 * The playing time by ffprobe, for the few recordings whose container does not say it in a way
 * read in code (a fragmented MP4, FLAC without a sample count, Ogg of another codec). The bytes
 * go through its stdin, so the recording is never written to disk; every audio packet's end
 * time is read, not a header that might be missing.
 */
export async function probeDurationMs(bytes: Buffer): Promise<ProbeResult> {
  const binary = await findFfprobe();
  if (!binary) return 'no-prober';
  const args = ['-v', 'error', '-select_streams', 'a:0', '-show_entries'];
  args.push('packet=pts_time,duration_time', '-of', 'csv=p=0', '-i', 'pipe:0');
  return new Promise((resolve) => {
    const child = execFile(
      binary,
      args,
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve('unreadable');
        let end = -1;
        for (const line of stdout.split('\n')) {
          const [pts, duration] = line.split(',').map((field) => Number.parseFloat(field));
          if (pts === undefined || Number.isNaN(pts)) continue;
          end = Math.max(
            end,
            pts + (duration !== undefined && !Number.isNaN(duration) ? duration : 0),
          );
        }
        resolve(end < 0 ? 'unreadable' : { ms: end * 1000 });
      },
    );
    // ffprobe may stop reading early; a closed pipe is not our error.
    child.stdin?.on('error', () => {});
    child.stdin?.end(bytes);
  });
}

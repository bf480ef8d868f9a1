import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** Where the ffmpeg and ffprobe that run come from, in the order they are looked for. */
export type FfmpegSource = 'env' | 'system' | 'npm';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  source: FfmpegSource;
  /** The first line of `ffmpeg -version`, for the start-up log. */
  version: string;
}

/** Answers when the program starts and prints its version; null when it cannot run. */
async function versionOf(binary: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  try {
    const { stdout } = await run(binary, ['-hide_banner', '-version'], { timeout: 10_000, env });
    return stdout.split('\n', 1)[0]?.trim() || binary;
  } catch {
    return null;
  }
}

/** The binaries an npm package ships for this platform, or null when none is installed. */
function shippedBinaries(): { ffmpeg: string; ffprobe: string } | null {
  try {
    return {
      ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
      ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
    };
  } catch {
    // An unsupported platform throws on require: the caller says what to install instead.
    return null;
  }
}

/**
 * Chooses the ffmpeg the pipeline runs. FFMPEG_PATH/FFPROBE_PATH win (an operator's choice must
 * never be silently replaced, so a broken one is an error); else the system's, which the
 * distribution keeps patched and usually builds with more codecs; else the static build an npm
 * package carries, so a machine with nothing installed by hand still transcodes.
 */
export async function locateFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<FfmpegBinaries> {
  if (env.FFMPEG_PATH || env.FFPROBE_PATH) {
    const ffmpeg = env.FFMPEG_PATH ?? 'ffmpeg';
    const ffprobe = env.FFPROBE_PATH ?? 'ffprobe';
    const [version, probes] = await Promise.all([versionOf(ffmpeg, env), versionOf(ffprobe, env)]);
    if (!version || !probes) {
      throw new Error(
        `FFMPEG_PATH/FFPROBE_PATH do not name runnable programs: ${ffmpeg}, ${ffprobe}`,
      );
    }
    return { ffmpeg, ffprobe, source: 'env', version };
  }
  const [systemVersion, systemProbe] = await Promise.all([
    versionOf('ffmpeg', env),
    versionOf('ffprobe', env),
  ]);
  if (systemVersion && systemProbe) {
    return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system', version: systemVersion };
  }
  const shipped = shippedBinaries();
  const version = shipped && (await versionOf(shipped.ffmpeg, env));
  if (shipped && version && (await versionOf(shipped.ffprobe, env))) {
    return { ...shipped, source: 'npm', version };
  }
  throw new Error(
    'No ffmpeg found: install ffmpeg (with ffprobe), or set FFMPEG_PATH and FFPROBE_PATH',
  );
}

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { LOCALES, type Locale, statusMessage } from '@taleforge/contracts';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { createMediaStore } from '../modules/media/index.js';
import { attachEpisodeVideo, findSeriesId } from '../modules/series/index.js';
import { createVideoService, videoOptionsFrom } from '../modules/video/index.js';
import { openDatabase } from '../platform/db/client.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import { AppError } from '../platform/http/app-error.js';

const USAGE = `The media pipeline.

  npm run media -- import <file> --series <game id or slug> --episode <n> \\
      [--title "Episode title"] [--subtitles en_US=ep1.en.srt --subtitles zh_CN=ep1.zh.vtt …]

Probes the file, stores it, and transcodes it to HLS here, printing the progress; once ready,
the video becomes the series' episode <n> (added, or its video replaced; title and price kept
unless --title is given). Uses the same DATABASE_URL / DATA_DIR / media store as the server. The embedded
database is one process's alone: stop the server first (on PostgreSQL they may run together).`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

interface ImportCommand {
  file: string;
  series: string;
  episode: number;
  title: string | undefined;
  subtitles: Partial<Record<Locale, string>>;
}

async function parseCommand(): Promise<ImportCommand> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      series: { type: 'string' },
      episode: { type: 'string' },
      title: { type: 'string' },
      subtitles: { type: 'string', multiple: true, default: [] },
    },
  });
  const [command, file] = positionals;
  if (command !== 'import') fail('Which command?');
  if (!file) fail('Which file?');
  if (!values.series) fail('--series is required');
  const episode = Number(values.episode);
  if (!Number.isInteger(episode) || episode < 1) fail('--episode must be a whole number from 1');
  const subtitles: Partial<Record<Locale, string>> = {};
  for (const pair of values.subtitles) {
    const [locale, path] = pair.split(/=(.*)/s) as [string, string | undefined];
    if (!LOCALES.includes(locale as Locale) || !path) {
      fail(`--subtitles takes LOCALE=FILE with a locale of ${LOCALES.join(', ')}: ${pair}`);
    }
    subtitles[locale as Locale] = await readFile(path, 'utf8');
  }
  return { file, series: values.series, episode, title: values.title, subtitles };
}

async function run(command: ImportCommand): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const logger = pino(
    { level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL },
    pino.destination(2),
  );
  const videos = createVideoService({
    db: database.db,
    locks: database.locks,
    media: createMediaStore(config),
    logger,
    options: videoOptionsFrom(config),
  });
  try {
    const gameId = await findSeriesId(database.db, command.series);
    if (gameId === null) {
      console.error(`no series ${command.series} (give a series' game id or slug)`);
      return 2;
    }
    await videos.start();
    const { videoId } = await videos.importVideo({
      path: command.file,
      subtitles: command.subtitles,
    });
    console.log(`video ${videoId} queued`);
    let shown = -1;
    for (;;) {
      const row = await videos.get(videoId);
      if (!row || row.state === 'failed') {
        console.error(`video ${videoId} failed: ${row?.error ?? 'its row is gone'}`);
        return 1;
      }
      if (row.progress !== shown) {
        shown = row.progress;
        console.log(`progress ${shown}%`);
      }
      if (row.state === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await attachEpisodeVideo(database.db, {
      gameId,
      number: command.episode,
      videoId,
      ...(command.title ? { title: { en_US: command.title } } : {}),
    });
    console.log(`video ${videoId} ready: series ${command.series}, episode ${command.episode}`);
    return 0;
  } finally {
    await videos.stop();
    await database.close();
  }
}

try {
  process.exitCode = await run(await parseCommand());
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nStop the server first: the embedded database is one process's alone.`,
    );
  } else if (error instanceof AppError) {
    console.error(
      `${statusMessage(error.status, 'en_US')} (${error.status}): ${error.detail ?? ''}`,
    );
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
}

import path from 'node:path';
import type { Config } from '../../config.js';
import type { VideoServiceOptions } from './video-service.js';

/** The pipeline's settings from the server's configuration (the app and the media CLI share it). */
export function videoOptionsFrom(config: Config): VideoServiceOptions {
  const expire = config.VIDEO_JOB_EXPIRE_SECONDS;
  return {
    preset: config.VIDEO_PRESET,
    concurrency: config.VIDEO_CONCURRENCY,
    // Under DATA_DIR, not the system's temp: a source can be gigabytes, and a retry clears it.
    workDir: path.join(config.dataDir, 'video-work'),
    ...(expire ? { expireInSeconds: () => expire } : {}),
  };
}

import type { Config } from '../../config.js';
import { createLocalMediaStore } from './local-media-store.js';
import type { MediaStore } from './media-store.js';
import { createS3MediaStore } from './s3-media-store.js';

/** The bucket when MEDIA_S3_BUCKET is set, else files under DATA_DIR/media. */
export function createMediaStore(config: Config): MediaStore {
  if (!config.MEDIA_S3_BUCKET) return createLocalMediaStore(config.mediaDir);
  const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } =
    config;
  return createS3MediaStore({
    bucket: config.MEDIA_S3_BUCKET,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

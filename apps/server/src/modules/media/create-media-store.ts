import type { Config } from '../../config.js';
import { createLocalMediaStore } from './local-media-store.js';
import type { MediaStore } from './media-store.js';
import type { S3MediaOptions } from './s3-media-store.js';

/** The bucket when MEDIA_S3_BUCKET is set, else files under DATA_DIR/media. */
export function createMediaStore(config: Config): MediaStore {
  if (!config.MEDIA_S3_BUCKET) return createLocalMediaStore(config.mediaDir);
  const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } =
    config;
  return lazyS3MediaStore({
    bucket: config.MEDIA_S3_BUCKET,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

/**
 * The bucket's store, its SDK loaded at the first call: the AWS SDK is the heaviest module we
 * have (~0.2 s), and a start on local media, the embedded default, should not pay for it.
 */
function lazyS3MediaStore(options: S3MediaOptions): MediaStore {
  let store: Promise<MediaStore> | undefined;
  const loaded = () =>
    (store ??= import('./s3-media-store.js').then((m) => m.createS3MediaStore(options)));
  return {
    kind: 's3',
    put: async (bytes, extension) => (await loaded()).put(bytes, extension),
    size: async (name) => (await loaded()).size(name),
    read: async (name, range) => (await loaded()).read(name, range),
    remove: async (name) => (await loaded()).remove(name),
    listNames: async () => (await loaded()).listNames(),
    removeIfUntouchedSince: async (name, since) =>
      (await loaded()).removeIfUntouchedSince(name, since),
    putAt: async (key, body) => (await loaded()).putAt(key, body),
    list: async (prefix) => (await loaded()).list(prefix),
    removePrefix: async (prefix) => (await loaded()).removePrefix(prefix),
  };
}

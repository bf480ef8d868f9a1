import S3rver from '@20minutes/s3rver';
import { tempDir } from './database.js';

export interface S3Server {
  /** The server's environment for the media store: bucket, endpoint, keys, path style. */
  env: Record<string, string>;
  /** Where the server keeps the bucket's objects on disk, to see what was written. */
  directory: string;
  close(): Promise<void>;
}

const BUCKET = 'taleforge-media';

/**
 * An S3-compatible server on loopback (s3rver: the S3 REST protocol over files in a temp dir),
 * with the one bucket the media store uses. It checks request signatures with its fixed keys, so
 * a store that signs wrong fails here as it would against a real bucket.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = await tempDir();
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    close: () => server.close(),
  };
}

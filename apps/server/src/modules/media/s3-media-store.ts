import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { LRUCache } from 'lru-cache';
import {
  type KeyedFileInfo,
  MEDIA_KEY,
  MEDIA_NAME,
  type MediaStore,
  mediaName,
  mediaTypeOf,
} from './media-store.js';

export interface S3MediaOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const ONE_YEAR_S = 365 * 24 * 3600;

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket, by content hash, so every node of a deployment serves the
 * same files. Objects carry their Content-Type and a year of caching, for a CDN in front.
 */
export function createS3MediaStore(options: S3MediaOptions): MediaStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const Bucket = options.bucket;
  // A name is its content's hash, so its size never changes: one HEAD per name and process.
  const sizes = new LRUCache<string, number>({ max: 10_000 });

  async function size(name: string): Promise<number | null> {
    if (!MEDIA_NAME.test(name)) return null;
    const known = sizes.get(name);
    if (known !== undefined) return known;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
      const bytes = head.ContentLength ?? 0;
      sizes.set(name, bytes);
      return bytes;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  // A keyed file may be written again (a retried transcode), so its HEAD is trusted a minute only.
  const keyed = new LRUCache<string, KeyedFileInfo>({ max: 10_000, ttl: 60_000 });

  async function get(Key: string, range?: { start: number; end: number }) {
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(bytes, extension) {
      const name = mediaName(bytes, extension);
      if ((await size(name)) !== null) return name;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: bytes,
          ContentType: mediaTypeOf(name),
          CacheControl: `public, max-age=${ONE_YEAR_S}, immutable`,
        }),
      );
      sizes.set(name, bytes.byteLength);
      return name;
    },
    size,
    async read(name, range) {
      return MEDIA_NAME.test(name) ? get(name, range) : null;
    },
    async remove(name) {
      if (!MEDIA_NAME.test(name)) return;
      sizes.delete(name);
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async statKey(key) {
      if (!MEDIA_KEY.test(key)) return null;
      const known = keyed.get(key);
      if (known) return known;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        const info = {
          size: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
        };
        keyed.set(key, info);
        return info;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async readKey(key, range) {
      return MEDIA_KEY.test(key) ? get(key, range) : null;
    },
  };
}

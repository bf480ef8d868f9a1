import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { LRUCache } from 'lru-cache';
import {
  isStoredName,
  MEDIA_KEY,
  MEDIA_NAME,
  MEDIA_PREFIX,
  type MediaStore,
  mediaName,
  mediaTypeOf,
  type StoredName,
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
    // A file is streamed, not held in memory: its checksum would need a trailer that several
    // S3-compatible servers refuse. The signature and TLS already protect the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  // A listing's path-style address is `/bucket/`; some S3-compatible servers sign it as `/bucket`
  // and refuse the request. S3 itself takes either, so it is sent without the slash.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${Bucket}/`) request.path = `/${Bucket}`;
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  // A name is its content's hash, so its size never changes: one HEAD per name and process.
  const sizes = new LRUCache<string, number>({ max: 10_000 });

  async function size(name: string): Promise<number | null> {
    if (!isStoredName(name)) return null;
    const known = sizes.get(name);
    if (known !== undefined) return known;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
      const bytes = head.ContentLength ?? 0;
      // A key is overwritten when its job runs again: only a hash name's size is forever.
      if (MEDIA_NAME.test(name)) sizes.set(name, bytes);
      return bytes;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(bytes, extension) {
      const name = mediaName(bytes, extension);
      // Written even when it is there: that renews its time for the sweep (a copy onto itself
      // would too on S3, not on every compatible server), and another node's sweep may have
      // removed it behind the size cache. Names are small pictures and sounds.
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
      if (!isStoredName(name)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: name,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) {
          sizes.delete(name);
          return null;
        }
        throw error;
      }
    },
    async remove(name) {
      if (!isStoredName(name)) return;
      sizes.delete(name);
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async putAt(key, body) {
      if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
      const Body = body instanceof Uint8Array ? body : createReadStream(body.file);
      const ContentLength =
        body instanceof Uint8Array ? body.byteLength : (await stat(body.file)).size;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body,
          ContentLength,
          ContentType: mediaTypeOf(key),
        }),
      );
    },
    list,
    async listNames() {
      const names: StoredName[] = [];
      let Marker: string | undefined;
      do {
        // The delimiter keeps keys (all in folders) out: only top-level names are listed.
        const page = await client.send(new ListObjectsCommand({ Bucket, Delimiter: '/', Marker }));
        for (const { Key, LastModified } of page.Contents ?? []) {
          if (Key && LastModified && MEDIA_NAME.test(Key)) {
            names.push({ name: Key, touchedAt: LastModified });
          }
        }
        Marker = page.IsTruncated ? (page.NextMarker ?? page.Contents?.at(-1)?.Key) : undefined;
      } while (Marker);
      return names;
    },
    async removeIfUntouchedSince(name, since) {
      if (!MEDIA_NAME.test(name)) return false;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        if (!head.LastModified || head.LastModified >= since) return false;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      // A bucket has no rename to judge after: a put renewing the file between this head and the
      // delete (milliseconds) would lose it. Decision 35 weighs that window.
      sizes.delete(name);
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
      return true;
    },
    async removePrefix(prefix) {
      if (!MEDIA_PREFIX.test(prefix)) throw new Error(`not a media folder: ${prefix}`);
      const keys = await list(prefix);
      // One by one, a few at a time: DeleteObjects needs a Content-MD5 or checksum header that
      // not every S3-compatible server accepts, and a video has tens of keys, not thousands.
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(
          keys.slice(i, i + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
        );
      }
    },
  };

  async function list(prefix: string): Promise<string[]> {
    if (!MEDIA_PREFIX.test(prefix)) return [];
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsCommand({ Bucket, Prefix: prefix, Marker: ContinuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextMarker : undefined;
    } while (ContinuationToken);
    return keys;
  }
}

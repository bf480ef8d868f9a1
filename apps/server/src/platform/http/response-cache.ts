import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { addVary } from './vary.js';
import { acceptedEncoding, compress, type Encoding } from './written-answer.js';

interface Entry {
  bodies: Record<Encoding, Buffer>;
  etag: string;
}

/** Reads the page and writes it as JSON text (through its contract's serializer). */
type Load = () => Promise<string>;

/**
 * A page is a few kilobytes in three encodings and there is one per (call, language, query):
 * 1,000 of them or 32 MB, whichever comes first, hold every catalogue page players ask for.
 */
const MAX_ENTRIES = 1_000;
const MAX_BYTES = 32 * 2 ** 20;

/**
 * Public catalogue reads, cached per process for a short time and served with a content ETag.
 * The ETag is a hash of the body, so every process answers the same tag for the same content and
 * a browser revalidating against another process still gets its 304.
 *
 * Each body is compressed once when it is cached, not per request: a catalogue page is several
 * kilobytes of JSON, and writing it uncompressed costs more than everything else the read does.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry, Load>;

  /** `ttlMs` is how stale a catalogue page may be (CATALOGUE_CACHE_MS); 0 caches nothing. */
  constructor(
    private readonly ttlMs: number,
    now: () => number = Date.now,
    maxEntries = MAX_ENTRIES,
  ) {
    this.entries = new LRUCache<string, Entry, Load>({
      max: maxEntries,
      maxSize: MAX_BYTES,
      sizeCalculation: ({ bodies }) =>
        bodies.identity.length + bodies.br.length + bodies.gzip.length,
      ttl: ttlMs,
      perf: { now },
      ttlResolution: 0,
      // One load per key at a time: a burst of misses shares the same database read.
      fetchMethod: (_key, _stale, { context: load }) => fill(load),
    });
  }

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<string>,
  ): Promise<FastifyReply> {
    const entry = await this.get(key, load);
    addVary(reply, 'accept-encoding')
      .header('etag', entry.etag)
      .header('cache-control', 'no-cache')
      .header('content-type', 'application/json; charset=utf-8');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const encoding = acceptedEncoding(request);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(entry.bodies[encoding]);
  }

  /** Forgets every page: content changed (a game was published) and must show at once. */
  clear(): void {
    this.entries.clear();
  }

  private async get(key: string, load: Load): Promise<Entry> {
    if (this.ttlMs <= 0) return fill(load);
    const entry = await this.entries.fetch(key, { context: load });
    return entry!;
  }
}

async function fill(load: Load): Promise<Entry> {
  const identity = Buffer.from(await load());
  const [br, gz] = await Promise.all([compress(identity, 'br'), compress(identity, 'gzip')]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { bodies: { br, gzip: gz, identity }, etag };
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

/**
 * Public catalogue reads, cached per process for a short time and served with a content ETag.
 * The ETag is a hash of the body, so every process answers the same tag for the same content and
 * a browser revalidating against another process still gets its 304.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
  ) {}

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const entry = await this.get(key, load);
    reply
      .header('etag', entry.etag)
      .header('cache-control', 'no-cache')
      .header('content-type', 'application/json; charset=utf-8');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.send(entry.body);
  }

  invalidate(): void {
    this.entries.clear();
  }

  private async get(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit;
    // One load per key at a time: a burst of misses shares the same database read.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.fill(key, load).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async fill(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const body = JSON.stringify(await load());
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const entry = { body, etag, expiresAt: this.now() + this.ttlMs };
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }
}

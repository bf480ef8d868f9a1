import http from 'node:http';
import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { endConnectionsOnceIdle } from './drain.js';

/** A keep-alive request that the test answers when it wants; resolves with the status and body. */
function slowRequest(port: number, agent: http.Agent) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get({ port, host: '127.0.0.1', path: '/slow', agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

async function closeWithin(app: ReturnType<typeof Fastify>, ms: number) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    app.close().then(() => 'closed' as const),
    new Promise<'still open'>((resolve) => {
      timer = setTimeout(() => resolve('still open'), ms);
    }),
  ]);
  clearTimeout(timer);
  return { outcome, ms: Date.now() - started };
}

describe('closing a server with a request in flight', () => {
  it('answers the request, then ends its keep-alive connection instead of waiting out its timeout', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    endConnectionsOnceIdle(app);
    let answer!: () => void;
    const entered = new Promise<void>((resolve) => {
      app.get('/slow', async () => {
        resolve();
        await new Promise<void>((release) => {
          answer = release;
        });
        return { done: true };
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const reply = slowRequest(port, agent);
      await entered;
      const closing = closeWithin(app, 3_000);
      // Closing has begun (no new connections), and the request in flight is still served.
      await vi.waitFor(() => expect(app.server.listening).toBe(false));
      answer();
      expect(await reply).toMatchObject({ status: 200, body: '{"done":true}' });
      const closed = await closing;
      // Fastify keeps an idle connection 72 s; the close ends it within a sweep or two.
      expect(closed.outcome).toBe('closed');
      expect(closed.ms).toBeLessThan(2_000);
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('closes at once when no connection is busy', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    endConnectionsOnceIdle(app);
    app.get('/quick', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path: '/quick', agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          })
          .on('error', reject);
      });
      expect(status).toBe(200);
      const closed = await closeWithin(app, 3_000);
      expect(closed.outcome).toBe('closed');
      expect(closed.ms).toBeLessThan(1_000);
    } finally {
      agent.destroy();
    }
  });

  it('cuts a connection that never goes idle once the drain limit has passed', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    endConnectionsOnceIdle(app, 300);
    app.get('/quick', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    // Half a request: to Node the connection is busy until its headers time out (60 s).
    const socket = net.connect({ port, host: '127.0.0.1' });
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /quick HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await vi.waitFor(async () => {
      const open = await new Promise<number>((resolve) =>
        app.server.getConnections((_error, count) => resolve(count)),
      );
      expect(open).toBe(1);
    });
    try {
      const closed = await closeWithin(app, 3_000);
      expect(closed.outcome).toBe('closed');
      expect(closed.ms).toBeGreaterThanOrEqual(250);
      expect(closed.ms).toBeLessThan(2_000);
      await ended;
    } finally {
      socket.destroy();
    }
  });
});

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The way in for customer service's CLI while the server owns the embedded database (only one
 * process may open it). It listens on 127.0.0.1 only, on a port of the system's choosing, and
 * answers only a caller that shows the key the server wrote, readable by its own user alone, to
 * DATA_DIR/keys/admin-channel.json at start (a new key every start; removed at shutdown).
 */
export interface AdminChannel {
  port: number;
  close(): Promise<void>;
}

interface ChannelFile {
  pid: number;
  port: number;
  key: string;
}

/** Runs one command; throwing `AdminCommandRefused` answers 400 with its message. */
export type AdminHandler = (body: unknown) => Promise<unknown>;

export class AdminCommandRefused extends Error {}

const MAX_BODY_BYTES = 64 * 1024;

export const channelFile = (dataDir: string) => path.join(dataDir, 'keys', 'admin-channel.json');

function keyMatches(header: string | undefined, key: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new AdminCommandRefused('request too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startAdminChannel(
  dataDir: string,
  handle: AdminHandler,
): Promise<AdminChannel> {
  const key = randomBytes(32).toString('base64url');
  const server = createServer(async (req, res) => {
    const answer = (http: number, body: unknown) => {
      res.writeHead(http, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method !== 'POST' || req.url !== '/command')
        return answer(404, { error: 'not found' });
      if (!keyMatches(req.headers.authorization, key)) {
        return answer(401, { error: 'wrong or missing key' });
      }
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
      } catch (error) {
        throw error instanceof AdminCommandRefused ? error : new AdminCommandRefused('not JSON');
      }
      answer(200, await handle(body));
    } catch (error) {
      if (error instanceof AdminCommandRefused) return answer(400, { error: error.message });
      answer(500, { error: 'the server could not run the command' });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const file = channelFile(dataDir);
  const content = JSON.stringify({ pid: process.pid, port, key } satisfies ChannelFile);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole, then renamed into place: a CLI never reads half a key.
  const written = `${file}.${process.pid}.tmp`;
  await writeFile(written, content, { mode: 0o600 });
  await rename(written, file);

  return {
    port,
    async close() {
      const current = await readFile(file, 'utf8').catch(() => null);
      if (current === content) await unlink(file).catch(() => {});
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * Sends one command to the server that owns `dataDir`'s embedded database and returns its answer.
 * Throws with a message for a person when there is no channel or it refuses.
 */
export async function sendAdminCommand(
  dataDir: string,
  ownerPid: number,
  body: unknown,
): Promise<unknown> {
  const text = await readFile(channelFile(dataDir), 'utf8').catch(() => null);
  const channel = text ? (JSON.parse(text) as ChannelFile) : null;
  if (!channel || channel.pid !== ownerPid) {
    throw new Error(
      `Process ${ownerPid} holds the embedded database but offers no admin channel (is it a ` +
        'server still starting, or another CLI?). Try again once it is up, or stop it.',
    );
  }
  const res = await fetch(`http://127.0.0.1:${channel.port}/command`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channel.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { error?: string };
  if (!res.ok) throw new Error(`The running server refused the command: ${answer.error}`);
  return answer;
}

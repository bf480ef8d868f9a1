import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { loadRiskKeys, type RiskKeys } from '../../src/modules/risk/keys.js';
import type { Database } from '../../src/platform/db/client.js';
import { writeFileOnce } from '../../src/platform/secret-file.js';
import { createTestDatabase, tempDir } from './database.js';
import { ffmpegBinaries } from './videos.js';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  riskKeys: RiskKeys;
  /** Absolute URL of a path under the product prefix, e.g. url('/api/h5/game/home'). */
  url(path: string, query?: Record<string, string>): string;
  /** A clock the test moves: every service reads time through it. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<AppDeps, 'unlockables' | 'passwords' | 'chatProvider'> & {
    /**
     * A database opened elsewhere, and closed there: another server's, for a second node of one
     * install, or one the test opened itself (a migration's source or target).
     */
    database?: Database;
    /** The server makes its own risk key, as a new install does, instead of a pooled one. */
    ownRiskKey?: boolean;
  } = {},
): Promise<TestServer> {
  const { database: shared, ownRiskKey, ...appOptions } = options;
  const dataDir = await tempDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: `${dataDir}/no-web-build`,
    ...env,
  });
  const database = shared ?? (await createTestDatabase());
  if (!ownRiskKey) await writeFileOnce(path.join(dataDir, 'keys', RISK_KEY_FILE), pooledRiskKey());
  const riskKeys = await loadRiskKeys(dataDir);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  // The ffmpeg looked for once per worker: each look runs both programs, and a run builds hundreds
  // of apps. A missing ffmpeg still fails only the video tests, as at the pipeline's start.
  const ffmpeg = await ffmpegBinaries().catch(() => undefined);
  const app = await buildApp({
    config,
    database,
    riskKeys,
    now: () => clock.now,
    ffmpeg,
    ...appOptions,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const prefix = `/${config.PRODUCT_SLUG}`;
  return {
    app,
    database,
    config,
    riskKeys,
    clock,
    url(path, query) {
      const u = new URL(`${address}${prefix}${path}`);
      for (const [k, v] of Object.entries(query ?? {})) u.searchParams.set(k, v);
      return u.toString();
    },
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

const RISK_KEY_FILE = 'risk-private.pem';
const riskKeyPool: string[] = [];
let poolFile: string | undefined;
let poolNext = 0;

/**
 * A risk key for the next server of this test file, written where the server keeps its own, so a
 * restart reads it back. An RSA key costs ~0.17 CPU s to make and a run starts hundreds of
 * servers: each worker makes as many as its busiest file needs and hands them out again for every
 * file. Within a file each server still has a key of its own (two installs never share visitor
 * ids); files never compare keys with each other.
 */
function pooledRiskKey(): string {
  const file = expect.getState().testPath;
  if (file !== poolFile) {
    poolFile = file;
    poolNext = 0;
  }
  riskKeyPool[poolNext] ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  return riskKeyPool[poolNext++]!;
}

// A built server inside the benchmark's own process (bench/publish, bench/isolation): production
// settings on a fresh data directory, and a signed-in system account to act as a creator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { ensureSystemUser } from '../../apps/server/dist/modules/auth/index.js';
import { createSessionService } from '../../apps/server/dist/modules/auth/session-service.js';
import { loadRiskKeys } from '../../apps/server/dist/modules/risk/keys.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';

/** `name` names the data directory and the account; `env` adds to the server's settings. */
export async function startInProcessApp(name, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `tf-bench-${name}-`));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    STUDIO_PORT: '0',
    ...env,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database, riskKeys: await loadRiskKeys(dataDir) });
  const userId = await ensureSystemUser(database.db, {
    publicId: `bench_${name}`,
    nickName: 'Bench',
  });
  const { token } = await createSessionService({ db: database.db, ttlDays: 1 }).createSession(
    userId,
  );
  return {
    app,
    /** The product prefix calls go under, e.g. `taleforge`. */
    prefix: config.PRODUCT_SLUG,
    token,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

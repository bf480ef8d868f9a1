// A real server process for crash tests: main.ts plus the test unlockables and, when asked,
// players seeded through the real session and wallet services (written to DATA_DIR for the test).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createSessionService } from '../../src/modules/auth/session-service.js';
import { loadRiskKeys } from '../../src/modules/risk/keys.js';
import { createWalletService } from '../../src/modules/wallet/wallet-service.js';
import { openDatabase } from '../../src/platform/db/client.js';
import { buildUser } from './factories.js';
import { createUnlockables, TEST_UNLOCKABLES } from './wallet.js';

const config = loadConfig();
const database = await openDatabase(config.database);
await createUnlockables(
  database.db,
  Array.from({ length: 2_000 }, (_, i) => ({
    kind: 'chapter' as const,
    gameId: 1,
    id: i + 1,
    price: 10,
  })),
);

const seed = Number(process.env.WALLET_SEED_PLAYERS ?? 0);
if (seed > 0) {
  const sessions = createSessionService({ db: database.db, ttlDays: 30 });
  const wallet = createWalletService({ now: () => new Date() });
  const players = [];
  for (let i = 0; i < seed; i += 1) {
    const user = await buildUser(database.db);
    await wallet.grant(database.db, user.id, 1_000, 'grant', 'seed', `seed-${user.id}`);
    players.push({ publicId: user.publicId, token: (await sessions.createSession(user.id)).token });
  }
  await writeFile(path.join(config.dataDir, 'players.json'), JSON.stringify(players));
}

const app = await buildApp({
  config,
  database,
  riskKeys: await loadRiskKeys(config.dataDir),
  unlockables: TEST_UNLOCKABLES,
});
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
await app.listen({ host: config.HOST, port: config.PORT });

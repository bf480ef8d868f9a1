// The built server with one bench-only unlockable kind, so spends can be driven over HTTP before
// the story module registers its chapters. Everything else is exactly what main.js starts.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createSessionService } from '../../apps/server/dist/modules/auth/session-service.js';
import { loadRiskKeys } from '../../apps/server/dist/modules/risk/keys.js';
import { createWalletService } from '../../apps/server/dist/modules/wallet/wallet-service.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';
import { users } from '../../apps/server/dist/platform/db/schema/index.js';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.db.execute(
  sql`create table if not exists bench_games (id bigint primary key, chapter_price bigint not null)`,
);
await database.db.execute(sql`insert into bench_games values (1, 1) on conflict do nothing`);

// A chapter costs its game's chapter price: one indexed read inside the purchase's statement,
// like the story module's resolver.
const resolve = {
  priceQuery: ({ gameId }) => sql`select chapter_price from bench_games where id = ${gameId}`,
};

// Players for the clients: signed in, with gems granted through the real ledger. Their tokens
// go to DATA_DIR/bench-players.json for the load generator.
const count = Number(process.env.BENCH_PLAYERS ?? 0);
if (count > 0) {
  const sessions = createSessionService({ db: database.db, ttlDays: 30 });
  const wallet = createWalletService({ now: () => new Date() });
  const players = [];
  for (let i = 0; i < count; i += 1) {
    const [user] = await database.db
      .insert(users)
      .values({ publicId: `u_bench_${Date.now()}_${i}`, oauthEnum: 'EMAIL' })
      .returning();
    await wallet.grant(database.db, user.id, 10_000_000, 'grant', 'bench', `bench-grant-${i}`);
    const { token } = await sessions.createSession(user.id);
    players.push({ userId: user.id, token });
  }
  await writeFile(join(config.dataDir, 'bench-players.json'), JSON.stringify(players));
}

const riskKeys = await loadRiskKeys(config.dataDir);
const app = await buildApp({
  config,
  database,
  riskKeys,
  unlockables: [{ kind: 'chapter', resolve }],
});
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: config.HOST, port: config.PORT });

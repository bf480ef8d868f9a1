// The built server as main.js starts it (demo content seeded), plus players for the load
// generator: signed in, with gems granted through the real ledger. Their tokens and the demo
// character they talk to go to DATA_DIR/bench-chat.json. Requests marked `x-bench-timed: <id>`
// are timed inside this process (arrival, the model asked, its first byte, the first delta handed
// to the socket); the timings go to DATA_DIR/bench-timings.json when the server stops.
//
// The model call is matched to its request by the id, which the message's text ends with (the
// newest message is the last in a prompt), not by an AsyncLocalStorage: on Node 20 that turns on
// promise hooks for every promise in the process, a cost the server does not have on its own.
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createSessionService } from '../../apps/server/dist/modules/auth/session-service.js';
import { createMediaStore } from '../../apps/server/dist/modules/media/index.js';
import { seedDemoContent } from '../../apps/server/dist/modules/play/demo-content.js';
import { loadRiskKeys } from '../../apps/server/dist/modules/risk/keys.js';
import { createWalletService } from '../../apps/server/dist/modules/wallet/wallet-service.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';
import { games, npcs, users } from '../../apps/server/dist/platform/db/schema/index.js';
import { timeModelCalls } from './timed-model-calls.mjs';

const timings = [];
const timingById = new Map();
const timingOf = new WeakMap();
subscribe('http.server.request.start', ({ request, response }) => {
  const id = request.headers['x-bench-timed'];
  if (!id) return;
  const timing = {
    arrived: performance.now(),
    sent: Number(request.headers['x-bench-sent']) - performance.timeOrigin,
  };
  timings.push(timing);
  timingById.set(id, timing);
  timingOf.set(response, timing);
});
const write = ServerResponse.prototype.write;
ServerResponse.prototype.write = function timedWrite(chunk, ...rest) {
  const timing = timingOf.get(this);
  if (timing && !timing.firstDelta && String(chunk).startsWith('event: delta')) {
    timing.firstDelta = performance.now();
  }
  return write.call(this, chunk, ...rest);
};
timeModelCalls(({ body }) => {
  const ids = Buffer.isBuffer(body) ? body.toString('latin1').match(/#timed-[\w-]+/g) : null;
  return ids ? timingById.get(ids.at(-1).slice('#timed-'.length)) : undefined;
});

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
await seedDemoContent(database.db, {
  artBase: '/taleforge/art',
  media: createMediaStore(config),
  now: new Date(),
  log: console,
});
const [ari] = await database.db
  .select({ gameId: npcs.gameId, npcId: npcs.id })
  .from(npcs)
  .innerJoin(games, eq(games.id, npcs.gameId))
  .where(and(eq(games.slug, 'kepler-dock'), eq(npcs.key, 'ari')));

const sessions = createSessionService({ db: database.db, ttlDays: 30 });
const wallet = createWalletService({ now: () => new Date() });
const players = [];
for (let i = 0; i < Number(process.env.BENCH_PLAYERS ?? 100); i += 1) {
  const [user] = await database.db
    .insert(users)
    .values({ publicId: `u_chat_bench_${Date.now()}_${i}`, oauthEnum: 'EMAIL' })
    .returning();
  await wallet.grant(database.db, user.id, 1_000_000, 'grant', 'bench', `bench-grant-${i}`);
  const { token } = await sessions.createSession(user.id);
  players.push({ userId: user.id, token });
}
await writeFile(join(config.dataDir, 'bench-chat.json'), JSON.stringify({ ...ari, players }));

const app = await buildApp({ config, database, riskKeys: await loadRiskKeys(config.dataDir) });
const stop = async () => {
  writeFileSync(join(config.dataDir, 'bench-timings.json'), JSON.stringify(timings));
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: config.HOST, port: config.PORT });

// The built server as main.js starts it (demo content seeded, so the assistant has works to
// find), with signed-in players for the voice turns. Each player also gets one stored assistant
// reply, which the speech step reads when the build has no send route yet. Their tokens go to
// DATA_DIR/bench-voice.json.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createSessionService } from '../../apps/server/dist/modules/auth/session-service.js';
import { createMediaStore } from '../../apps/server/dist/modules/media/index.js';
import { seedDemoContent } from '../../apps/server/dist/modules/play/demo-content.js';
import { loadRiskKeys } from '../../apps/server/dist/modules/risk/keys.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';
import { assistantMessages, users } from '../../apps/server/dist/platform/db/schema/index.js';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
const { db } = database;
const media = createMediaStore(config);
await seedDemoContent(db, { artBase: `/${config.PRODUCT_SLUG}/art`, media, now: new Date() });

const sessions = createSessionService({ db, ttlDays: 30 });
const players = [];
for (let i = 0; i < Number(process.env.BENCH_PLAYERS ?? 10); i += 1) {
  const [user] = await db
    .insert(users)
    .values({ publicId: `u_voice_bench_${Date.now()}_${i}`, oauthEnum: 'DF_ID' })
    .returning();
  const [reply] = await db
    .insert(assistantMessages)
    .values({
      userId: user.id,
      role: 'assistant',
      text: 'Here are two romance stories you might like.',
    })
    .returning();
  const { token } = await sessions.createSession(user.id);
  players.push({ token, replyId: reply.id });
}
await writeFile(join(config.dataDir, 'bench-voice.json'), JSON.stringify({ players }));

const app = await buildApp({
  config,
  database,
  riskKeys: await loadRiskKeys(config.dataDir),
  media,
});
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: config.HOST, port: config.PORT });

// The built server with one more work: a chapter of ROOMS rooms in a ring, each room a choice, so
// a player can make hundreds of choices in one chapter. By choice 10 a player has seen every
// room, so the story's own state (visit counts, variables) is as large at choice 10 as at 300:
// what differs between the two is the history alone. Everything else is what main.js starts.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { ensureSystemUser } from '../../apps/server/dist/modules/auth/index.js';
import { createMediaStore } from '../../apps/server/dist/modules/media/index.js';
import { publishGame } from '../../apps/server/dist/modules/play/publish.js';
import { loadRiskKeys } from '../../apps/server/dist/modules/risk/keys.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';

const ROOMS = 8;

/** Rooms visited in a ring: the ink state carries a visit count for each, as a real chapter would. */
function ringStory() {
  const rooms = Array.from({ length: ROOMS }, (_, i) => {
    const next = `room_${(i + 1) % ROOMS}`;
    return `== room_${i} ==
~ steps++
Room ${i}, step {steps}. The lamp here is {room_${i} > 1: lit again|unlit}. #zh:第${i}号房间 #ja:${i}号室
+ [Open the left door #zh:左门 #ja:左の扉] You go left. -> ${next}
+ [Open the right door #zh:右门 #ja:右の扉] You go right. #stat:experience:+1
  -> ${next}
+ {steps > 100000} [Stop] -> END`;
  });
  return `VAR steps = 0\n-> room_0\n${rooms.join('\n')}\n`;
}

const t = (en) => ({ en_US: en });
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
const { db } = database;
const creatorId = await ensureSystemUser(db, { publicId: 'bench_step_history', nickName: 'Bench' });
const gameId = await publishGame(
  db,
  {
    slug: `bench-ring-${Date.now().toString(36)}`,
    title: t('The ring of rooms'),
    description: t('A long chapter'),
    scriptType: 'SUSPENSE',
    tags: [],
    languages: ['en_US'],
    npcs: [],
    tasks: [],
    scenes: [],
    minigames: [],
    chapters: [{ title: t('The ring'), priceGems: 0, ink: ringStory() }],
  },
  { creatorId, coverUrl: (id) => `/${config.PRODUCT_SLUG}/art/cover/${id}.svg`, now: new Date() },
);
await writeFile(join(config.dataDir, 'bench-step-history.json'), JSON.stringify({ gameId }));

const media = createMediaStore(config);
const riskKeys = await loadRiskKeys(config.dataDir);
const app = await buildApp({ config, database, riskKeys, media });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: config.HOST, port: config.PORT });

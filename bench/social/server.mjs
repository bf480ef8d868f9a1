// The built server over a work with 10,000 comments and 10,000 likes, seeded straight into the
// database in a few statements, and the demo content for the home read. Everything else is
// exactly what main.js starts.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createSessionService } from '../../apps/server/dist/modules/auth/session-service.js';
import { createMediaStore } from '../../apps/server/dist/modules/media/index.js';
import { seedDemoContent } from '../../apps/server/dist/modules/play/demo-content.js';
import { loadRiskKeys } from '../../apps/server/dist/modules/risk/keys.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';

const COMMENTS = 10_000;
const LIKES = 10_000;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
const { db } = database;
const media = createMediaStore(config);
await seedDemoContent(db, {
  artBase: `/${config.PRODUCT_SLUG}/art`,
  media,
  now: new Date(),
  log: console,
});

const rows = async (query) => {
  const result = await db.execute(query);
  return result.rows ?? result;
};

// Readers (who like the work and write the comments), then the work and what they did to it.
const tag = Date.now().toString(36);
await db.execute(sql`insert into users (public_id, oauth_enum, nick_name)
  select ${`u_bs_${tag}_`} || i, 'EMAIL', 'Reader ' || i from generate_series(1, ${LIKES}) i`);
const [{ first }] = await rows(
  sql`select min(id)::int as first from users where public_id like ${`u_bs_${tag}_%`}`,
);
const [{ id: gameId }] = await rows(sql`insert into games
  (slug, title, description, cover, script_type, creator_id, published_at, like_count, comment_count)
  values (${`bench-social-${tag}`}, '{"en_US":"Ten thousand voices"}', '{"en_US":"A busy work"}',
    '/covers/bench.svg', 'SUSPENSE', ${first}, now(), ${LIKES}, ${COMMENTS})
  returning id::int as id`);
await db.execute(sql`insert into game_likes (user_id, game_id)
  select ${first} + i, ${gameId} from generate_series(0, ${LIKES - 1}) i`);
await db.execute(sql`insert into comments (game_id, author_id, body, like_count, created_at)
  select ${gameId}, ${first} + (i % ${LIKES}), 'Comment number ' || i || ', about the ending.',
    (i * 7919) % 13, now() - i * interval '1 second'
  from generate_series(1, ${COMMENTS}) i`);
await db.execute(sql`analyze`);

// Signed-in players for the clients, each with a comment of its own to like and unlike.
const sessions = createSessionService({ db, ttlDays: 30 });
const commentIds = await rows(sql`select id::int as id from comments
  where game_id = ${gameId} order by id limit ${PLAYERS}`);
const players = [];
for (let i = 0; i < PLAYERS; i += 1) {
  const userId = first + i;
  const { token } = await sessions.createSession(userId);
  players.push({ userId, token, commentId: commentIds[i].id });
}
// Each player liked three comments of the newest page (never its own), so the signed-in reads
// lay real likes over the shared page.
await db.execute(sql`insert into comment_likes (user_id, comment_id)
  select p.user_id, c.id from (select ${first} + i as user_id, i from generate_series(0, ${PLAYERS - 1}) i) p
  cross join generate_series(1, 3) k
  join lateral (select id from comments where game_id = ${gameId} and parent_id is null
    order by created_at desc, id desc offset (p.i + k) % 20 limit 1) c on true
  where c.id not in (select id from comments where author_id = p.user_id)`);
await writeFile(join(config.dataDir, 'bench-social.json'), JSON.stringify({ gameId, players }));

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

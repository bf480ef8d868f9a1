import { randomBytes } from 'node:crypto';
import { createSessionService } from '../../src/modules/auth/session-service.js';
import type { Db } from '../../src/platform/db/client.js';
import { games, type LocalizedText, users } from '../../src/platform/db/schema/index.js';

type NewUser = typeof users.$inferInsert;
type NewGame = typeof games.$inferInsert;

export async function buildUser(db: Db, overrides: Partial<NewUser> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      publicId: `u_${suffix}`,
      email: `player-${suffix}@example.com`,
      nickName: `Player ${suffix}`,
      oauthEnum: 'EMAIL',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A signed-in user: the token is what the browser would hold. */
export async function buildSession(db: Db, options: { ttlDays?: number; now?: () => Date } = {}) {
  const user = await buildUser(db);
  const sessions = createSessionService({ db, ttlDays: options.ttlDays ?? 30, now: options.now });
  const { token } = await sessions.createSession(user.id);
  return { user, token };
}

const text = (en: string): LocalizedText => ({
  en_US: en,
  zh_CN: `${en}（中文）`,
  ja_JP: `${en}（日本語）`,
});

export async function buildGame(db: Db, overrides: Partial<NewGame> = {}) {
  const creator = overrides.creatorId ? null : await buildUser(db);
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(games)
    .values({
      slug: `game-${suffix}`,
      title: text(`Game ${suffix}`),
      description: text('A story'),
      cover: `/covers/${suffix}.svg`,
      scriptType: 'SUSPENSE',
      creatorId: creator?.id ?? overrides.creatorId!,
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

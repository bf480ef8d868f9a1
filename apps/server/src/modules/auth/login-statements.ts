import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions, userIdentities, users } from '../../platform/db/schema/index.js';

/**
 * The two statements of a password login, prepared once: the user (with the visitor account of
 * this device, to merge) and, once the password is right, the user's update and the new session
 * in one statement. A login's cost should be its hash: built once, these skip the query building
 * on every login, and on PostgreSQL the planning too (named statements, planned per connection).
 */
export function createLoginStatements(db: Db) {
  const visitorId = sql<number | null>`(select ${userIdentities.userId} from ${userIdentities}
    where ${userIdentities.provider} = 'DF_ID'
      and ${userIdentities.providerUserId} = ${sql.placeholder('dfId')}
    limit 1)`.mapWith((v) => (v === null ? null : Number(v)));
  const findUser = db
    .select({ user: users, visitorId })
    .from(users)
    .where(sql`lower(${users.email}) = ${sql.placeholder('email')}`)
    .limit(1)
    .prepare('login_find_user');

  const signedIn = db.$with('signed_in').as(
    db
      .update(users)
      .set({
        failedLogins: 0,
        lastLoginAt: sql`${sql.placeholder('at')}::timestamptz`,
        registerDfId: sql`${sql.placeholder('registerDfId')}::text`,
      })
      .where(eq(users.id, sql`${sql.placeholder('userId')}::bigint`))
      .returning({ id: users.id }),
  );
  const signIn = db
    .with(signedIn)
    .insert(sessions)
    .values({
      userId: sql`${sql.placeholder('userId')}::bigint`,
      tokenHash: sql`${sql.placeholder('tokenHash')}::text`,
      expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`,
      createdAt: sql`${sql.placeholder('at')}::timestamptz`,
      lastUsedAt: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .prepare('login_sign_in');

  return {
    /**
     * The account an email signs in to and the visitor account of the device signing in (its
     * progress moves to the account). Null: no account with that email.
     */
    async findUser(email: string, dfId: string | null) {
      const [row] = await findUser.execute({ email, dfId });
      return row ?? null;
    },
    /** Resets the failure count, stamps the login and stores the session: one statement. */
    async signIn(values: {
      userId: number;
      registerDfId: string | null;
      tokenHash: string;
      expiresAt: Date;
      at: Date;
    }) {
      await signIn.execute({
        userId: values.userId,
        registerDfId: values.registerDfId,
        tokenHash: values.tokenHash,
        expiresAt: values.expiresAt.toISOString(),
        at: values.at.toISOString(),
      });
    },
  };
}

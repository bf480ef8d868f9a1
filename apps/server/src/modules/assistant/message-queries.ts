import type { AssistantAction } from '@taleforge/contracts';
import type { AssistantSource } from '@taleforge/contracts/constants';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { assistantMessages } from '../../platform/db/schema/index.js';

export type MessageRow = typeof assistantMessages.$inferSelect;

/** The player's message of a turn, found again by the browser's id (a resend). */
export async function findPlayerMessage(
  exec: Db | Tx,
  userId: number,
  clientMessageId: string,
): Promise<{ message: MessageRow; reply: MessageRow | null } | null> {
  const [message] = await exec
    .select()
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.userId, userId),
        eq(assistantMessages.clientMessageId, clientMessageId),
      ),
    );
  if (!message) return null;
  const [reply] = await exec
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.userId, userId), eq(assistantMessages.replyTo, message.id)));
  return { message, reply: reply ?? null };
}

/** Player messages since `since` (the start of this UTC day): what the daily cap counts. */
export async function countPlayerMessagesSince(
  exec: Db | Tx,
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.userId, userId),
        eq(assistantMessages.role, 'player'),
        gte(assistantMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Where the assistant's lock keys start: far above any user id, so no other lock shares them. */
const LOCK_BASE = 23n << 40n;

/**
 * Serialises one player's sends for the rest of the transaction, so that the cap's count and the
 * insert that follows it cannot interleave with another send of the same player. One bigint key
 * (a key space of its own: the social module's locks take two integers).
 */
export async function lockPlayerTurns(tx: Tx, userId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${(LOCK_BASE + BigInt(userId)).toString()}::bigint)`,
  );
}

export interface NewTurn {
  userId: number;
  clientMessageId: string;
  text: string;
  source: AssistantSource;
  reply: {
    text: string;
    workIds: number[];
    actions: AssistantAction[];
    tools: { name: string; args: unknown }[];
  };
  at: Date;
}

/** The player's message and its reply; null when the client id was stored meanwhile. */
export async function insertTurn(
  tx: Tx,
  turn: NewTurn,
): Promise<{ message: MessageRow; reply: MessageRow } | null> {
  const [message] = await tx
    .insert(assistantMessages)
    .values({
      userId: turn.userId,
      role: 'player',
      text: turn.text,
      source: turn.source,
      clientMessageId: turn.clientMessageId,
      createdAt: turn.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!message) return null;
  const [reply] = await tx
    .insert(assistantMessages)
    .values({
      userId: turn.userId,
      role: 'assistant',
      text: turn.reply.text,
      replyTo: message.id,
      workIds: turn.reply.workIds,
      actions: turn.reply.actions,
      tools: turn.reply.tools,
      createdAt: turn.at,
    })
    .returning();
  return { message, reply: reply! };
}

/** Up to `limit` messages before `beforeId` (all when null), newest first. */
export function listMessages(
  db: Db | Tx,
  userId: number,
  limit: number,
  beforeId: number | null,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.userId, userId),
        beforeId === null ? undefined : lt(assistantMessages.id, beforeId),
      ),
    )
    .orderBy(desc(assistantMessages.id))
    .limit(limit);
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';

/**
 * A visitor's watches move to the account they sign in to (auth's visitor merge), so "continue
 * watching" and each episode's position follow the player. An episode both watched keeps the
 * later position and is finished if either finished it; it was counted as two viewers, now one,
 * so its counts drop by the duplicate (a completion only when both had finished). The rows are
 * locked before the episodes, in the order a progress save takes them.
 */
export async function moveVisitorWatches(tx: Tx, fromUserId: number, toUserId: number) {
  await tx.execute(sql`
    SELECT 1 FROM episode_watches WHERE user_id IN (${fromUserId}, ${toUserId})
    ORDER BY user_id, episode_id FOR UPDATE`);
  await tx.execute(sql`
    UPDATE episodes e
    SET view_count = e.view_count - 1,
        complete_count = e.complete_count - (CASE WHEN a.completed AND v.completed THEN 1 ELSE 0 END)
    FROM episode_watches v JOIN episode_watches a ON a.episode_id = v.episode_id
    WHERE v.user_id = ${fromUserId} AND a.user_id = ${toUserId} AND e.id = v.episode_id`);
  await tx.execute(sql`
    UPDATE episode_watches a
    SET position_ms = CASE WHEN v.updated_at > a.updated_at THEN v.position_ms ELSE a.position_ms END,
        completed = a.completed OR v.completed,
        updated_at = GREATEST(a.updated_at, v.updated_at)
    FROM episode_watches v
    WHERE a.user_id = ${toUserId} AND v.user_id = ${fromUserId} AND v.episode_id = a.episode_id`);
  await tx.execute(sql`
    DELETE FROM episode_watches v USING episode_watches a
    WHERE v.user_id = ${fromUserId} AND a.user_id = ${toUserId} AND a.episode_id = v.episode_id`);
  await tx.execute(sql`
    UPDATE episode_watches SET user_id = ${toUserId} WHERE user_id = ${fromUserId}`);
}

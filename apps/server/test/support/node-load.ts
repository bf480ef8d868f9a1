// Players spending gems and chatting across several nodes, each call sent to the next node and,
// when its node dies under it, sent again under the same key to another (as a client retries
// through a load balancer). What each player was answered is kept, to be checked against the
// database and the API afterwards.
import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { sql } from 'drizzle-orm';
import { signPayload } from '../../src/modules/payments/signature.js';
import type { Db } from '../../src/platform/db/client.js';
import { chatPost } from './chat.js';
import { buildSession } from './factories.js';
import { api } from './http.js';
import { type Cluster, onSomeNode } from './nodes.js';
import { idempotencyKey, SANDBOX_SECRET, sandboxEvent } from './payments.js';

export interface Target {
  gameId: number;
  chapterId?: number;
  episodeId?: number;
  price: number;
}

export interface LoadPlayer {
  token: string;
  publicId: string;
  /** Gems the player bought and was credited. */
  credited: number;
  /** The targets (by index) whose unlock was answered 200: each costs its price once. */
  unlocked: Set<number>;
  /** The texts of the messages the server accepted (and answered, or failed to, in the end). */
  said: string[];
  next: number;
}

export interface LoadLog {
  /** Every answer's HTTP status, by node: a 5xx anywhere fails the tests. */
  answers: { node: string; http: number; path: string }[];
}

/** The rows of a statement, typed by the caller. */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every priced chapter and episode of the seeded works: what players spend on. */
export async function spendTargets(db: Db): Promise<Target[]> {
  const rows = await rowsOf<Record<string, string | null>>(
    db,
    sql`
    select game_id, id as chapter_id, null as episode_id, price_gems as price
      from chapters where price_gems > 0
    union all
    select game_id, null, id, price from episodes where price > 0
    order by 1, 2, 3`,
  );
  return rows.map((r) => ({
    gameId: Number(r.game_id),
    ...(r.chapter_id ? { chapterId: Number(r.chapter_id) } : { episodeId: Number(r.episode_id) }),
    price: Number(r.price),
  }));
}

/** A character the offline engine answers, with its game. */
export async function chatPartner(db: Db): Promise<{ gameId: number; npcId: number }> {
  const [row] = await rowsOf<{ game_id: string; id: string }>(
    db,
    sql`select game_id, id from npcs where character is not null order by id limit 1`,
  );
  if (!row) throw new Error('no character to talk to');
  return { gameId: Number(row.game_id), npcId: Number(row.id) };
}

function signed(body: string) {
  const t = Math.floor(Date.now() / 1000);
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'taleforge-signature': signPayload(SANDBOX_SECRET, body, t),
    },
    body,
  };
}

/** Delivers a webhook to one node, as the provider does; answers the HTTP status. */
export async function deliverTo(node: { url(path: string): string }, body: string) {
  const res = await fetch(node.url('/api/v1/payment/webhook'), signed(body));
  await res.text();
  return res.status;
}

/** A player with a session, who bought `goods` once through a sandbox order and its webhook. */
export async function fundedPlayer(cluster: Cluster, db: Db, goods = 'gems_648') {
  const { user, token } = await buildSession(db);
  const order = await api(cluster.next(), CALLS.orderCreate, {
    token,
    body: { goods_id: goods, pay_method: 'card', idempotency_key: idempotencyKey() },
  });
  if (order.status !== 200) throw new Error(`order: ${order.status} ${order.desc}`);
  const body = sandboxEvent(order.data!, user.publicId, 'payment.succeeded');
  await onSomeNode(cluster, async (node) => {
    if ((await deliverTo(node, body)) !== 200) throw new Error('webhook not taken');
  });
  const balance = await api(cluster.next(), CALLS.walletBalance, {
    token,
    query: { platform_flag: '2' },
  });
  const player: LoadPlayer = {
    token,
    publicId: user.publicId,
    credited: balance.data!.gem_balance,
    unlocked: new Set(),
    said: [],
    next: 0,
  };
  return player;
}

/** One round of a player: unlock the next target, then say something to the character. */
async function round(
  cluster: Cluster,
  player: LoadPlayer,
  targets: Target[],
  partner: { gameId: number; npcId: number },
  log: LoadLog,
) {
  const index = player.next % targets.length;
  const target = targets[index]!;
  player.next += 1;
  const key = idempotencyKey('node-load');
  const unlock = await onSomeNode(cluster, async (node) => {
    const res = await api(node, CALLS.unlock, {
      token: player.token,
      body: {
        game_id: target.gameId,
        ...(target.chapterId
          ? { chapter_id: target.chapterId }
          : { episode_id: target.episodeId! }),
        idempotency_key: key,
      },
    });
    log.answers.push({ node: node.name, http: res.http, path: CALLS.unlock.path });
    return res;
  });
  // Answered 200 once or more, a target was bought once: a later round or a retry under the key
  // finds it unlocked and charges nothing.
  if (unlock.status === 200) player.unlocked.add(index);

  const text = `Hello, I am round ${player.next}`;
  const id = randomUUID();
  await onSomeNode(cluster, async (node) => {
    const answer = await chatPost(node, CALLS.chatSend, player.token, {
      game_id: partner.gameId,
      npc_id: partner.npcId,
      client_message_id: id,
      text,
    });
    log.answers.push({ node: node.name, http: answer.http, path: CALLS.chatSend.path });
    if (answer.envelope) throw new Error(`chat refused: ${answer.envelope.status}`);
    // A stream cut before its end (the node died) is sent again under the same id; a resend
    // that ends in `error` is final (the reply it follows was not finished by anyone).
    const last = answer.events.at(-1)?.event;
    if (last !== 'done' && last !== 'error') throw new Error('reply cut off');
  });
  player.said.push(text);
}

/**
 * Sends a message to `node` and resolves once its reply is streaming, leaving the rest of the
 * answer unread: the moment to kill the node that writes it.
 */
export async function replyUnderWay(
  node: { url(path: string, query?: Record<string, string>): string },
  token: string,
  body: { game_id: number; npc_id: number; client_message_id: string; text: string },
) {
  const res = await fetch(node.url(CALLS.chatSend.path, { df_id: 'v_testdevice', lang: 'en_US' }), {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes('event: delta')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the reply ended before it streamed: ${seen}`);
    seen += decoder.decode(value, { stream: true });
  }
  return {
    abandon: () => reader.cancel().catch(() => {}),
    /** Reads the stream to its end: what the writer sent after the first delta. */
    async rest() {
      let after = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return after + decoder.decode();
        after += decoder.decode(value, { stream: true });
      }
    },
  };
}

/** Runs every player's rounds until `stop` says so; resolves when all have finished a round. */
export async function runLoad(
  cluster: Cluster,
  players: LoadPlayer[],
  scene: { targets: Target[]; partner: { gameId: number; npcId: number } },
  log: LoadLog,
  stop: () => boolean,
) {
  await Promise.all(
    players.map(async (player) => {
      while (!stop()) await round(cluster, player, scene.targets, scene.partner, log);
    }),
  );
}

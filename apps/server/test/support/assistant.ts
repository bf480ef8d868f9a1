import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import type { AssistantSource } from '@taleforge/contracts/constants';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';
import { chapters } from '../../src/platform/db/schema/index.js';
import { giveGems } from './chat.js';
import { buildGame, buildSession } from './factories.js';
import { api } from './http.js';
import { createOrder, deliverWebhook, idempotencyKey, sandboxEvent } from './payments.js';
import type { TestServer } from './server.js';
import { buildStoryGame } from './story-game.js';

/** A small catalogue in three languages: what the assistant's searches are checked against. */
export async function buildAssistantCatalogue(db: Db) {
  const work = (
    kind: 'story' | 'series',
    scriptType: string,
    tags: string[],
    title: Record<'en_US' | 'zh_CN' | 'ja_JP', string>,
    description: Record<'en_US' | 'zh_CN' | 'ja_JP', string>,
    playCount: number,
  ) => buildGame(db, { kind, scriptType, tags, title, description, playCount });
  return {
    romanceStory: await work(
      'story',
      'ROMANCE',
      ['romance', 'café'],
      { en_US: 'Rainy Café Hearts', zh_CN: '雨天咖啡馆之心', ja_JP: '雨のカフェの恋心' },
      {
        en_US: 'A café, a storm and a second chance.',
        zh_CN: '一家咖啡馆，一场暴雨，一次重来的机会。',
        ja_JP: 'カフェと嵐と二度目のチャンス。',
      },
      40,
    ),
    romanceSeries: await work(
      'series',
      'ROMANCE',
      ['romance', 'contract marriage'],
      { en_US: 'Umbrella Vows', zh_CN: '雨伞誓约', ja_JP: '傘の誓い' },
      {
        en_US: 'A fake engagement that must not turn real.',
        zh_CN: '一场不能成真的假订婚。',
        ja_JP: '本物になってはいけない偽の婚約。',
      },
      30,
    ),
    mysteryStory: await work(
      'story',
      'SUSPENSE',
      ['mystery', 'noir'],
      { en_US: 'The Harbour Ledger', zh_CN: '港口账簿', ja_JP: '港の帳簿' },
      {
        en_US: 'A missing ledger and one night to find the thief.',
        zh_CN: '失踪的账簿，只有一夜去找到窃贼。',
        ja_JP: '消えた帳簿と、犯人を探す一夜。',
      },
      50,
    ),
    scifiSeries: await work(
      'series',
      'FUTURE',
      ['sci-fi', 'space'],
      { en_US: 'Orbit Station Nine', zh_CN: '九号轨道站', ja_JP: '第九軌道ステーション' },
      {
        en_US: 'A station AI hums a song nobody taught it.',
        zh_CN: '空间站的人工智能哼着没人教过的歌。',
        ja_JP: 'ステーションの AI が誰も教えていない歌を口ずさむ。',
      },
      20,
    ),
  };
}

export type AssistantCatalogue = Awaited<ReturnType<typeof buildAssistantCatalogue>>;

/** One assistant turn as the panel sends it. */
export function askAssistant(
  server: Pick<TestServer, 'url'>,
  token: string,
  text: string,
  options: { lang?: string; id?: string; source?: AssistantSource; page?: string } = {},
) {
  return api(server, CALLS.assistantSend, {
    token,
    ...(options.lang ? { lang: options.lang } : {}),
    body: {
      client_message_id: options.id ?? randomUUID(),
      text,
      source: options.source ?? 'text',
      ...(options.page ? { page: options.page } : {}),
    },
  });
}

/**
 * A player with something for every tool: a story they played (and its second chapter bought),
 * gems left, and a top-up whose card was declined. Everything through the real calls.
 */
export async function buildPlayerWorld(server: TestServer, title = 'The Night Ledger') {
  const db = server.database.db;
  const { user, token } = await buildSession(db);
  const { gameId } = await buildStoryGame(db, {
    title: { en_US: title, zh_CN: `${title}（中文）`, ja_JP: `${title}（日本語）` },
  });
  await giveGems(server, user.id, 500);
  const started = await api(server, CALLS.gameEvent, {
    token,
    body: { type: 'start', game_id: gameId },
  });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${started.desc}`);
  const [, second] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.gameId, gameId))
    .orderBy(asc(chapters.position));
  const bought = await api(server, CALLS.unlock, {
    token,
    body: { game_id: gameId, chapter_id: second!.id, idempotency_key: idempotencyKey('unlock') },
  });
  if (bought.status !== 200) throw new Error(`unlock: ${bought.status} ${bought.desc}`);
  const order = (await createOrder(server, token)).data!;
  const failed = await deliverWebhook(server, sandboxEvent(order, user.publicId, 'payment.failed'));
  if (failed.status !== 200) throw new Error(`webhook: ${failed.status} ${failed.desc}`);
  return { user, token, gameId, orderNo: order.order_no, balance: 450 };
}

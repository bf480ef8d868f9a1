import { randomUUID } from 'node:crypto';
import { CALLS, type CallBodyInput, type CallDef } from '@taleforge/contracts';
import { type CharacterPersonaInput, parsePersona } from '@taleforge/contracts/character-persona';
import { eq } from 'drizzle-orm';
import { createOfflineProvider, type ModelProvider } from '../../src/modules/llm/index.js';
import { createWalletService } from '../../src/modules/wallet/index.js';
import type { Db } from '../../src/platform/db/client.js';
import { chapters, npcs } from '../../src/platform/db/schema/index.js';
import type { TestServer } from './server.js';
import { buildStoryGame, storyGameDefinition } from './story-game.js';

const t = (en: string, zh: string, ja: string) => ({ en_US: en, zh_CN: zh, ja_JP: ja });

/** Ada, a clerk who knows who took the ledger; her goal is to confess it. */
export const ADA: CharacterPersonaInput = {
  key: 'ada',
  name: t('Ada', '艾达', 'エイダ'),
  identity: t(
    'A night clerk who saw the ledger go.',
    '看见账簿被拿走的夜班职员。',
    '帳簿が消えるのを見た夜勤の事務員。',
  ),
  voice: t('Nervous and quick.', '紧张、说话快。', '緊張して早口。'),
  greeting: {
    say: [t('Oh! You startled me.', '哦！你吓到我了。', 'あっ！びっくりした。')],
    expression: 'dizzy',
  },
  cues: [
    {
      intent: 'greet',
      say: [
        t(
          'Hello, hello. Keep your voice down.',
          '你好你好。小声点。',
          'こんにちは。声を落として。',
        ),
      ],
      expression: 'smile',
    },
    {
      keywords: { en_US: ['cake'], zh_CN: ['蛋糕'], ja_JP: ['ケーキ'] },
      say: [
        t(
          'Cake? Now? I could eat a whole one.',
          '蛋糕？现在？我能吃一整个。',
          'ケーキ？今？丸ごと食べられる。',
        ),
      ],
      expression: 'hungry',
    },
  ],
  fallback: [
    {
      say: [t('I should get back to work.', '我该回去干活了。', '仕事に戻らないと。')],
      expression: 'normal',
    },
  ],
  goals: [
    {
      key: 'confess',
      description: t('Get her to confess', '让她坦白', '白状させる'),
      steps: [
        { keywords: { en_US: ['ledger'], zh_CN: ['账簿'], ja_JP: ['帳簿'] } },
        { keywords: { en_US: ['saw', 'who'], zh_CN: ['看见', '谁'], ja_JP: ['見た', '誰'] } },
      ],
      reached: {
        say: [
          t(
            'Fine! It was Bo. I saw him.',
            '好吧！是阿博。我看见他了。',
            'わかった！ボーよ。見たの。',
          ),
        ],
        expression: 'angry',
      },
      hints: [],
    },
  ],
};

/** Chapter one offers the conversation at once; the story goes on differently if it succeeds. */
export const CHAT_CHAPTER = `VAR goal_reached = false
Ada looks away. #speaker:ada:observe #chat:ada:confess
{ goal_reached:
  - Ada told you everything. #speaker:ada:smile
  - else: Ada says nothing more.
}
The end. #chapter_end
-> END
`;

export async function buildChatGame(db: Db) {
  const base = storyGameDefinition();
  const { gameId } = await buildStoryGame(db, {
    npcs: base.npcs.map((npc) =>
      npc.key === 'ada' ? { ...npc, character: parsePersona(ADA) } : npc,
    ),
    chapters: [
      { title: t('One', '一', '一'), priceGems: 0, ink: CHAT_CHAPTER },
      { title: t('Two', '二', '二'), priceGems: 50, ink: 'Two. #speaker:ada:smile\n-> END\n' },
    ],
  });
  const rows = await db.select().from(npcs).where(eq(npcs.gameId, gameId));
  const chapterRows = await db.select().from(chapters).where(eq(chapters.gameId, gameId));
  return {
    gameId,
    ada: rows.find((r) => r.key === 'ada')!.id,
    bo: rows.find((r) => r.key === 'bo')!.id,
    lockedChapter: chapterRows.find((c) => c.position === 2)!.id,
  };
}

/**
 * A model engine that speaks the persona's authored lines: the offline engine's answers, priced
 * like any model's (10 gems). For the tests of what a paid reply does — charges, refunds, the
 * daily cap, resends — with replies a test can predict.
 */
export function personaModel(): ModelProvider {
  return { ...createOfflineProvider(), name: 'openai' };
}

export async function giveGems(server: TestServer, userId: number, amount: number) {
  const wallet = createWalletService({ now: () => server.clock.now });
  await wallet.grant(server.database.db, userId, amount, 'grant', 'test', randomUUID());
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface ChatAnswer {
  /** The HTTP status of the answer. */
  http: number;
  /** The envelope when the send was refused before anything was charged. */
  envelope: { status: number; desc: string } | null;
  events: SseEvent[];
}

/** Reads a whole SSE answer (as the browser does, with fetch), or the refusal envelope. */
export const chatPost = <C extends CallDef>(
  server: Pick<TestServer, 'url'>,
  def: C,
  token: string,
  body: CallBodyInput<C>,
  lang?: string,
) => chatPostRaw(server, def, token, body, lang);

/** The same with a body the contract refuses. */
export async function chatPostRaw(
  server: Pick<TestServer, 'url'>,
  def: CallDef,
  token: string,
  body: unknown,
  lang = 'en_US',
): Promise<ChatAnswer> {
  const res = await fetch(server.url(def.path, { df_id: 'v_testdevice', lang }), {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const json = (await res.json()) as { status: number; desc: string };
    return { http: res.status, envelope: json, events: [] };
  }
  return { http: res.status, envelope: null, events: parseSse(await res.text()) };
}

export function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter((frame) => frame && !frame.startsWith(':'))
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(frame)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

export const sendChat = (
  server: TestServer,
  token: string,
  body: { game_id: number; npc_id: number; text: string; client_message_id?: string },
  lang?: string,
) => chatPost(server, CALLS.chatSend, token, { client_message_id: randomUUID(), ...body }, lang);

export const eventOf = (answer: ChatAnswer, name: string) =>
  answer.events.find((e) => e.event === name)?.data;
export const streamedText = (answer: ChatAnswer) =>
  answer.events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

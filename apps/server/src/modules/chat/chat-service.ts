import type {
  ChatMemory,
  ChatRecord,
  ConversationInfo,
  ConversationInfoV2,
} from '@taleforge/contracts';
import {
  type ChatEngine,
  type Expression,
  LIMITS,
  type Locale,
} from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { HISTORY_BUDGET_CHARS, pickLocale } from '../llm/index.js';
import { loadGameContent, newNpcStatus } from '../play/index.js';
import type { ContextLoader, ConversationContext } from './conversation-context.js';
import { goalProgress, toConversationInfo } from './conversation-info.js';
import { checkMessageText } from './message-text.js';
import type { Moderator } from './moderation.js';
import {
  type ChatMessageRow,
  type ConversationRow,
  findConversation,
  findMessage,
  lastExpression,
  listPage,
  listVisible,
  rewindAfter,
  updateMemory,
} from './queries.js';

export interface ChatReadDeps {
  db: Db;
  loadContext: ContextLoader;
  engine: ChatEngine;
  moderator: Moderator;
  now: () => Date;
  /** URL of a character's portrait with one expression. */
  portrait: (npcId: number, expression: Expression) => string;
}

/** Most the memory can put in a prompt: the history window, the summary and the pinned facts. */
export const CONTEXT_BUDGET =
  HISTORY_BUDGET_CHARS +
  LIMITS.chatSummaryMaxChars +
  LIMITS.chatPinnedFactsMax * LIMITS.chatPinnedFactMaxChars;

export function toChatRecord(row: ChatMessageRow): ChatRecord {
  return {
    id: String(row.id),
    role: row.role,
    text: row.text,
    expression: (row.expression as Expression | null) ?? null,
    state: row.state,
    charged_gems: row.chargedGems,
    created_at: row.createdAt.toISOString(),
  };
}

/** Characters of context the next message sends besides the persona: memory plus recent history. */
export function contextChars(conversation: ConversationRow | null, history: ChatMessageRow[]) {
  if (!conversation) return 0;
  const memory =
    conversation.summary.length + conversation.pinned.reduce((n, p) => n + p.length, 0);
  let used = 0;
  for (const row of [...history].reverse()) {
    if (row.state !== 'complete') continue;
    if (used + row.text.length > HISTORY_BUDGET_CHARS) break;
    used += row.text.length;
  }
  return memory + used;
}

/** The reads and small writes of the chat: info, history, memory, rewind. */
export function createChatService(deps: ChatReadDeps) {
  const { db, now } = deps;

  async function facts(userId: number, locale: Locale, gameId: number, npcId: number) {
    const ctx = await deps.loadContext(userId, locale, gameId, npcId);
    const conversation = await findConversation(db, userId, gameId, npcId);
    const expression = conversation
      ? ((await lastExpression(db, conversation.id)) as Expression | null)
      : null;
    const info = toConversationInfo({
      gameId,
      npcId,
      portrait: deps.portrait(npcId, expression ?? ctx.persona.greeting.expression),
      persona: ctx.persona,
      locale,
      engine: deps.engine,
      goalKey: ctx.goalKey,
      lastExpression: expression,
    });
    return { ctx, conversation, info };
  }

  async function requireConversation(
    userId: number,
    locale: Locale,
    gameId: number,
    npcId: number,
  ): Promise<{ ctx: ConversationContext; conversation: ConversationRow | null }> {
    const ctx = await deps.loadContext(userId, locale, gameId, npcId);
    return { ctx, conversation: await findConversation(db, userId, gameId, npcId) };
  }

  async function memoryOf(conversation: ConversationRow | null): Promise<ChatMemory> {
    const history = conversation
      ? await listVisible(db, conversation.id, conversation.summarizedThrough)
      : [];
    return {
      summary: conversation?.summary ?? '',
      pinned: conversation?.pinned ?? [],
      context_chars: contextChars(conversation, history),
      context_budget: CONTEXT_BUDGET,
    };
  }

  return {
    async info(userId: number, locale: Locale, gameId: number, npcId: number) {
      return (await facts(userId, locale, gameId, npcId)).info satisfies ConversationInfo;
    },

    /** v2 adds the story's side: the chapter's tasks, the NPC's status, the goal's progress. */
    async infoV2(
      userId: number,
      locale: Locale,
      gameId: number,
      npcId: number,
    ): Promise<ConversationInfoV2> {
      const { ctx, conversation, info } = await facts(userId, locale, gameId, npcId);
      const state = ctx.save?.state;
      const content = await loadGameContent(db, gameId);
      const tasks = content.tasks
        .filter((t) => state && t.key in state.tasks)
        .map((t) => ({
          key: t.key,
          title: pickLocale(t.title, locale),
          done: state?.tasks[t.key] === true,
        }));
      const history = conversation ? await listVisible(db, conversation.id) : [];
      const playerTexts = history.filter((m) => m.role === 'player').map((m) => m.text);
      return {
        ...info,
        tasks,
        npc_status: state?.npcs[ctx.npc.key] ?? newNpcStatus(),
        goal_progress: goalProgress(ctx.persona, ctx.goalKey, playerTexts),
      };
    },

    /** Newest page without a cursor; `next_cursor` reads the page before. Oldest first inside. */
    async record(
      userId: number,
      locale: Locale,
      query: { game_id: number; npc_id: number; cursor?: string | undefined; limit: number },
    ) {
      const { conversation } = await requireConversation(
        userId,
        locale,
        query.game_id,
        query.npc_id,
      );
      if (!conversation) return { records: [], next_cursor: null };
      const before = query.cursor && /^\d{1,18}$/.test(query.cursor) ? Number(query.cursor) : null;
      const rows = await listPage(db, conversation.id, before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        records: page.reverse().map(toChatRecord),
        next_cursor: rows.length > query.limit ? String(page[0]!.id) : null,
      };
    },

    async memory(userId: number, locale: Locale, gameId: number, npcId: number) {
      const { conversation } = await requireConversation(userId, locale, gameId, npcId);
      return memoryOf(conversation);
    },

    /** The player corrects the summary or pins facts; they reach the model as data, not orders. */
    async updateMemory(
      userId: number,
      locale: Locale,
      body: { game_id: number; npc_id: number; summary: string; pinned: string[] },
    ) {
      const { conversation } = await requireConversation(userId, locale, body.game_id, body.npc_id);
      if (!conversation) throw new AppError(STATUS.CHAT_MESSAGE_NOT_FOUND);
      const summary = body.summary.trim() ? checkMessageText(body.summary, 800) : '';
      const pinned = body.pinned.map((p) => checkMessageText(p, LIMITS.chatPinnedFactMaxChars));
      for (const text of [summary, ...pinned]) {
        if (text && !(await deps.moderator.check(text, 'input')).allowed) {
          throw new AppError(STATUS.CHAT_MESSAGE_BLOCKED);
        }
      }
      await updateMemory(db, conversation.id, { summary, pinned }, now());
      return memoryOf({ ...conversation, summary, pinned });
    },

    /** Everything after `messageId` leaves the conversation (history and prompt); no gems move. */
    async rewind(
      userId: number,
      locale: Locale,
      body: { game_id: number; npc_id: number; message_id: string },
    ) {
      const { conversation } = await requireConversation(userId, locale, body.game_id, body.npc_id);
      const message = await findMessage(db, Number(body.message_id));
      if (
        !conversation ||
        !message ||
        message.conversationId !== conversation.id ||
        message.rewound
      ) {
        throw new AppError(STATUS.CHAT_MESSAGE_NOT_FOUND);
      }
      return { removed: await rewindAfter(db, conversation.id, message.id) };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

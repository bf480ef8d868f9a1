import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { Limiters } from '../../platform/shared-state/index.js';
import { createModelProvider, type ModelProvider } from '../llm/index.js';
import type { PlayService } from '../play/index.js';
import type { WalletService } from '../wallet/index.js';
import { failAbandonedReplies } from './abandoned-replies.js';
import { createChatReads } from './chat-reads.js';
import { createChatService } from './chat-service.js';
import { createChatWrites } from './chat-writes.js';
import { createContextLoader } from './conversation-context.js';
import { createWordlistModerator } from './moderation.js';
import { createReplyRunner } from './reply-runner.js';
import { registerChatRoutes } from './routes.js';
import { createSendService } from './send-service.js';
import type { StreamCounter } from './sse-writer.js';

export { sumChatGems } from './earnings.js';
export { moveVisitorChats } from './visitor-chats.js';

export interface ChatModuleDeps {
  db: Db;
  config: Config;
  wallet: WalletService;
  play: PlayService;
  now: () => Date;
  log: FastifyBaseLogger;
  artBase: string;
  /** Where rate-limit counters live: this process, or every node's together. */
  limiters: Limiters;
  /** Tests hand in an engine; otherwise the configured one. */
  provider?: ModelProvider;
  /** Counts the replies streaming now (the metrics). */
  streams?: StreamCounter;
}

/** The AI conversations: wiring of engine, moderation, charging, streaming and the routes. */
export function createChatModule(deps: ChatModuleDeps) {
  const { db, config, now } = deps;
  const provider = deps.provider ?? createModelProvider(config);
  const moderator = createWordlistModerator();
  const reads = createChatReads(db);
  const writes = createChatWrites(db);
  const loadContext = createContextLoader(db, reads, now, config.CATALOGUE_CACHE_MS);
  const chat = createChatService({
    db,
    loadContext,
    engine: provider.name,
    moderator,
    now,
    portrait: (npcId, expression) => `${deps.artBase}/npc/${npcId}/${expression}.svg`,
  });
  const sends = createSendService({
    db,
    reads,
    writes,
    loadContext,
    wallet: deps.wallet,
    moderator,
    provider,
    now,
    dailyReplyCap: config.CHAT_DAILY_REPLY_CAP,
  });
  const runner = createReplyRunner({
    db,
    writes,
    wallet: deps.wallet,
    play: deps.play,
    provider,
    moderator,
    now,
    log: deps.log,
  });
  return {
    provider,
    /** The periodic sweep of replies a dead node left half-written (abandoned-replies.ts). */
    failAbandonedReplies: () =>
      failAbandonedReplies({
        db,
        writes,
        wallet: deps.wallet,
        now,
        maxReplyMs: config.LLM_MAX_REPLY_MS,
      }),
    registerRoutes(app: FastifyInstance) {
      registerChatRoutes(app, {
        chat,
        sends,
        runner,
        limiter: deps.limiters.limiter({
          keyPrefix: 'chat-send',
          points: config.CHAT_SENDS_PER_MINUTE,
          duration: 60,
        }),
        replayWaitMs: config.LLM_MAX_REPLY_MS,
        streams: deps.streams,
      });
    },
  };
}

/** The chat's word lists, for other text players publish (nicknames, bios). */
export { createWordlistModerator, type Moderator } from './moderation.js';

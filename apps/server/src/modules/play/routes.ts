import { gameEventCall, lineSeenCall, resourceInfoCall, userGamesCall } from '@taleforge/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/http/request-context.js';
import { defineRoute } from '../../platform/http/route.js';
import type { GameInfoService } from './game-info-service.js';
import type { PlayService } from './play-service.js';

export function registerPlayRoutes(
  app: FastifyInstance,
  deps: {
    play: PlayService;
    info: GameInfoService;
    optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
  },
): void {
  const { play, info, optionalAuth } = deps;

  defineRoute(app, gameEventCall, ({ body, auth, request }) =>
    play.handleEvent(auth.userId, request.locale, body, request.log),
  );

  defineRoute(app, lineSeenCall, ({ body, auth }) => play.lineSeen(auth.userId, body));

  defineRoute(app, resourceInfoCall, ({ query, auth, request }) =>
    info.resourceInfo(auth.userId, request.locale, query.game_id),
  );

  defineRoute(app, userGamesCall, async ({ query, request }) => {
    const auth = await optionalAuth(request);
    return info.userGames(auth?.userId ?? null, request.locale, query.page, query.page_size);
  });
}

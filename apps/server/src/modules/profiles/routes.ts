import {
  avatarUploadCall,
  nicknameUpdateCall,
  profileCall,
  profileUpdateCall,
  profileWorksCall,
} from '@taleforge/contracts';
import { LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import { defineRoute, defineUploadRoute } from '../../platform/http/route.js';
import type { ProfileService } from './profile-service.js';

export interface ProfileRouteDeps {
  profiles: ProfileService;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

/**
 * Just over the SPEC's 10 MB, so a file a byte too large still reaches the handler and gets the
 * SPEC's own words; far larger bodies are the framework's 413.
 */
const AVATAR_BODY_LIMIT = LIMITS.avatarMaxBytes + 64 * 1024;

export function registerProfileRoutes(app: FastifyInstance, deps: ProfileRouteDeps): void {
  const { profiles } = deps;

  defineRoute(app, profileCall, ({ query }) => profiles.read(query.taleforge_id));

  defineRoute(app, profileWorksCall, async ({ query, request }) => {
    const viewer = await deps.optionalAuth(request);
    return profiles.works(query, viewer?.userId ?? null, request.locale);
  });

  defineRoute(app, nicknameUpdateCall, ({ body, auth }) =>
    profiles.setNickname(auth.userId, body.nick_name),
  );

  defineRoute(app, profileUpdateCall, ({ body, auth }) => profiles.update(auth.userId, body));

  defineUploadRoute(
    app,
    avatarUploadCall,
    { bodyLimit: AVATAR_BODY_LIMIT },
    ({ query, bytes, auth }) => {
      if (bytes.length > LIMITS.avatarMaxBytes) throw new AppError(STATUS.AVATAR_TOO_LARGE);
      return profiles.setAvatar(auth.userId, bytes, query);
    },
  );
}

import {
  bindInviteCodeCall,
  discordAuthorizeCall,
  forgetCall,
  loginCall,
  loginTicketCall,
  logoutCall,
  registerCall,
  userExistCall,
  userInfoCall,
} from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import type { AccountService } from './account-service.js';
import type { AuthLimits } from './auth-limits.js';
import type { SessionService } from './session-service.js';
import type { SocialLogin } from './social-login.js';

export interface AuthRouteDeps {
  accounts: AccountService;
  social: SocialLogin;
  sessions: SessionService;
  limits: AuthLimits;
  /** Cookie path and Secure flag for the OAuth browser binding. */
  cookie: { path: string; secure: boolean };
}

const BINDING_COOKIE = 'tf_oauth_binding';

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { accounts, social, sessions, limits } = deps;

  defineRoute(app, userExistCall, async ({ query, request }) => {
    await limits.consume('exist', request.ip, query.email);
    return accounts.userExists(query.email);
  });

  defineRoute(app, loginTicketCall, async ({ body, request }) => {
    await limits.consume('ticket', request.ip, body.email);
    return accounts.sendTicket(body.email, body.ticket_use_type, request.locale);
  });

  defineRoute(app, registerCall, async ({ body, request }) => {
    await limits.consume('register', request.ip, body.email);
    return accounts.register(body, request.dfId);
  });

  defineRoute(app, loginCall, async ({ body, request, reply }) => {
    const registerDfId = body.register_df_id ?? request.dfId;
    const visitor = { dfId: request.dfId, secret: body.visitor_secret };
    switch (body.oauth_enum) {
      case 'EMAIL':
        await limits.consume('login', request.ip, body.email);
        if (!body.email || !body.pwd)
          throw new AppError(STATUS.INVALID_PARAMS, body.email ? 'pwd' : 'email');
        return accounts.loginWithPassword(body.email, body.pwd, registerDfId, visitor, request.ip);
      case 'GOOGLE':
        await limits.consume('login', request.ip);
        return social.loginWithGoogle(body, visitor, registerDfId);
      case 'DISCORD': {
        await limits.consume('login', request.ip);
        const binding = request.cookies[BINDING_COOKIE];
        reply.clearCookie(BINDING_COOKIE, { path: deps.cookie.path });
        return social.loginWithDiscord(body, binding, visitor, registerDfId);
      }
      case 'DF_ID':
        await limits.consume('login', request.ip);
        return accounts.loginVisitor(visitor);
      default:
        throw new AppError(STATUS.PROVIDER_NOT_CONFIGURED);
    }
  });

  defineRoute(app, discordAuthorizeCall, async ({ body, request, reply }) => {
    await limits.consume('login', request.ip);
    const { authorizeUrl, binding } = await social.startDiscord(body.return_path);
    reply.setCookie(BINDING_COOKIE, binding, {
      path: deps.cookie.path,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.cookie.secure,
      maxAge: 600,
    });
    return { authorize_url: authorizeUrl };
  });

  defineRoute(app, forgetCall, async ({ body, request }) => {
    await limits.consume('forget', request.ip, body.email);
    await accounts.resetPassword(body);
    return null;
  });

  defineRoute(app, userInfoCall, ({ auth }) => accounts.userInfo(auth.userId));

  defineRoute(app, bindInviteCodeCall, ({ body, auth, request }) =>
    accounts.bindInvite(auth.userId, body, request.dfId),
  );

  defineRoute(app, logoutCall, async ({ auth }) => {
    await sessions.revoke(auth.sessionId);
    return null;
  });
}

import type { LoginData } from '@taleforge/contracts';
import { safeReturnPath } from '@taleforge/contracts/return-path';
import { STATUS } from '@taleforge/contracts/status';
import { isReservedName, nameProblem } from '@taleforge/contracts/text-policy';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccountService, VisitorProof } from './account-service.js';
import {
  discordAuthorizeUrl,
  exchangeDiscordCode,
  ProviderError,
  type ProviderUser,
  verifyGoogleToken,
} from './oauth/providers.js';
import { consumeFlow, startFlow } from './oauth/states.js';
import { findUserByIdentity, insertIdentity, insertUser, updateUser } from './user-queries.js';
import { mergeVisitorInto } from './visitor-merge.js';

type Provider = 'GOOGLE' | 'DISCORD';

export interface SocialDeps {
  db: Db;
  config: Config;
  accounts: AccountService;
  now: () => Date;
}

/**
 * The provider's display name, kept until the player completes their nickname, only where the
 * nickname rule would take it (decision 50): a name with hidden characters or one passing for
 * staff is not shown meanwhile.
 */
export function providerNickname(name: string | null | undefined): string | null {
  const nick = [...(name ?? '').trim()].slice(0, 20).join('').trim();
  return nick && !nameProblem(nick) && !isReservedName(nick) ? nick : null;
}

export function createSocialLogin({ db, config, accounts, now }: SocialDeps) {
  /** Finds or creates the account keyed by (provider, provider user id); never links by email. */
  async function signInAs(
    provider: Provider,
    who: ProviderUser,
    visitor: VisitorProof,
    registerDfId: string | null,
  ): Promise<LoginData> {
    const at = now();
    const existing = await findUserByIdentity(db, provider, who.id);
    const { user, created } = await accounts.transact(async (tx) => {
      const user = existing
        ? await updateUser(tx, existing.id, {
            lastLoginAt: at,
            registerDfId: registerDfId ?? existing.registerDfId,
          })
        : await insertUser(tx, {
            oauthEnum: provider,
            nickName: providerNickname(who.name),
            avatar: who.avatar,
            registerDfId: registerDfId ?? visitor.dfId,
            lastLoginAt: at,
            createdAt: at,
          });
      if (!existing) await insertIdentity(tx, user.id, provider, who.id);
      const proven = await accounts.provenVisitorAccount(tx, visitor);
      if (proven) await mergeVisitorInto(tx, proven.id, user.id);
      return { user, created: !existing };
    });
    return accounts.signIn(user, created);
  }

  async function verified<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(STATUS.PROVIDER_FAILED);
      throw error;
    }
  }

  return {
    async loginWithGoogle(
      input: { access_token?: string | undefined; openid?: string | undefined },
      visitor: VisitorProof,
      registerDfId: string | null,
    ) {
      if (!config.GOOGLE_CLIENT_ID) throw new AppError(STATUS.PROVIDER_NOT_CONFIGURED);
      if (!input.access_token) throw new AppError(STATUS.INVALID_PARAMS, 'access_token');
      const who = await verified(() => verifyGoogleToken(config, input.access_token!));
      // The posted openid must be the token's own subject: a mismatch is a forged request.
      if (input.openid && input.openid !== who.id) throw new AppError(STATUS.PROVIDER_FAILED);
      return signInAs('GOOGLE', who, visitor, registerDfId);
    },

    async startDiscord(rawReturnPath: string): Promise<{ authorizeUrl: string; binding: string }> {
      if (!config.DISCORD_CLIENT_ID) throw new AppError(STATUS.PROVIDER_NOT_CONFIGURED);
      const flow = await startFlow(db, 'DISCORD', safeReturnPath(rawReturnPath) ?? '/', now());
      return { authorizeUrl: discordAuthorizeUrl(config, flow), binding: flow.binding };
    },

    async loginWithDiscord(
      input: { code?: string | undefined; state?: string | undefined },
      binding: string | undefined,
      visitor: VisitorProof,
      registerDfId: string | null,
    ): Promise<LoginData & { return_path: string }> {
      if (!config.DISCORD_CLIENT_ID) throw new AppError(STATUS.PROVIDER_NOT_CONFIGURED);
      if (!input.code || !input.state)
        throw new AppError(STATUS.INVALID_PARAMS, input.code ? 'state' : 'code');
      const flow = await consumeFlow(db, 'DISCORD', input.state, binding, now());
      if (!flow) throw new AppError(STATUS.OAUTH_STATE_INVALID);
      const who = await verified(() => exchangeDiscordCode(config, input.code!, flow.codeVerifier));
      return {
        ...(await signInAs('DISCORD', who, visitor, registerDfId)),
        return_path: safeReturnPath(flow.returnPath) ?? '/',
      };
    },
  };
}

export type SocialLogin = ReturnType<typeof createSocialLogin>;

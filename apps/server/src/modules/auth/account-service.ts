import type { LoginData, TicketData, UserInfo } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { proveVisitor } from '../risk/index.js';
import {
  type CodeUse,
  checkCode,
  closeCode,
  issueCode,
  normalizeEmail,
  RESEND_AFTER_MS,
  resendWait,
  withdrawCode,
} from './codes.js';
import { redeemInviteCode } from './invites.js';
import { createLoginStatements } from './login-statements.js';
import { alreadyRegisteredMail, codeMail } from './mail-templates.js';
import { type PasswordHashing, passwordHashing } from './passwords.js';
import type { SessionService } from './session-service.js';
import { toLoginData, toUserInfo } from './user-info.js';
import {
  findUserByEmail,
  findUserById,
  findUserByIdentity,
  insertIdentity,
  insertUser,
  recordFailedLogin,
  type UserRow,
  updateUser,
} from './user-queries.js';
import { mergeVisitorInto } from './visitor-merge.js';

/** The visitor a browser says it is (df_id) and the secret that proves it. */
export interface VisitorProof {
  dfId: string | null;
  secret: string | undefined;
}

/** After this many consecutive failures password login stops until the password is reset. */
export const MAX_FAILED_LOGINS = 100;

export interface AccountDeps {
  db: Db;
  sessions: SessionService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The hashing threads; tests hand in threads of their own to close. */
  passwords?: PasswordHashing;
}

/** Thrown inside a transaction to roll it back; turned into the AppError after. */
class Refusal extends Error {
  constructor(readonly status: StatusCode) {
    super(`refused ${status}`);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createAccountService({
  db,
  sessions,
  mailer,
  log,
  now,
  passwords = passwordHashing,
}: AccountDeps) {
  const login = createLoginStatements(db);
  /** Runs a transaction whose refusals (Refusal) become AppErrors after the rollback. */
  async function transact<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof Refusal) throw new AppError(error.status);
      throw error;
    }
  }

  /**
   * The visitor account this browser proves it is, whose progress moves to the account it signs
   * in to. A df_id alone proves nothing: anyone can send another browser's id.
   */
  async function provenVisitorAccount(tx: Tx, visitor: VisitorProof): Promise<UserRow | null> {
    if (!(await proveVisitor(tx, visitor.dfId, visitor.secret))) return null;
    return findUserByIdentity(tx, 'DF_ID', visitor.dfId!);
  }

  async function signIn(user: UserRow, newUser: boolean, tx?: Tx): Promise<LoginData> {
    const { token } = await sessions.createSession(user.id, tx);
    return toLoginData(user, token, newUser);
  }

  return {
    async userExists(rawEmail: string): Promise<boolean> {
      return (await findUserByEmail(db, normalizeEmail(rawEmail))) !== null;
    },

    /**
     * Mails a code. The answer is the same whether or not the address has an account, so this
     * call tells nobody who is registered: an existing account gets a notice instead of a sign-up
     * code, and a reset for an unknown address sends nothing.
     */
    async sendTicket(rawEmail: string, use: CodeUse, locale: Locale): Promise<TicketData> {
      const email = normalizeEmail(rawEmail);
      const at = now();
      const code = await issueCode(db, email, use, at);
      if (code === null) {
        // The code mailed moments ago still works: say how long until another may be asked for.
        const wait = await resendWait(db, email, use, at);
        if (wait === null) throw new AppError(STATUS.CODE_TOO_SOON);
        return { resend_in: wait };
      }
      const sent = { resend_in: RESEND_AFTER_MS / 1000 };
      const user = await findUserByEmail(db, email);
      const mail =
        use === 'REGISTER'
          ? user
            ? alreadyRegisteredMail(email, locale)
            : codeMail(email, use, code, locale)
          : user
            ? codeMail(email, use, code, locale)
            : null;
      if (!mail) return sent;
      try {
        await mailer.send(mail);
      } catch (error) {
        log.error({ err: error, to: email }, 'mail failed');
        await withdrawCode(db, email);
        throw new AppError(STATUS.MAIL_FAILED);
      }
      return sent;
    },

    async register(
      input: {
        email: string;
        ticket: string;
        pwd: string;
        pwd_: string;
        nick_name: string;
        invite_code: string;
        register_df_id?: string | undefined;
        visitor_secret?: string | undefined;
      },
      dfId: string | null,
    ): Promise<LoginData> {
      if (input.pwd !== input.pwd_) throw new AppError(STATUS.PASSWORDS_DIFFER);
      const email = normalizeEmail(input.email);
      const passwordHash = await passwords.hash(input.pwd);
      const at = now();
      // A wrong code must count as a try even though the registration is refused, so it is checked
      // first in a transaction of its own that commits; the refusals below roll theirs back.
      const codeOk = await db.transaction((tx) =>
        checkCode(tx, email, 'REGISTER', input.ticket, at),
      );
      if (!codeOk) throw new AppError(STATUS.CODE_INVALID);
      let user: UserRow;
      try {
        user = await transact(async (tx) => {
          // Checked again under the row lock: the code may have been used meanwhile.
          if (!(await checkCode(tx, email, 'REGISTER', input.ticket, at)))
            throw new Refusal(STATUS.CODE_INVALID);
          const created = await insertUser(tx, {
            email,
            nickName: input.nick_name,
            oauthEnum: 'EMAIL',
            passwordHash,
            registerDfId: input.register_df_id ?? dfId,
            inviteBoundAt: at,
            lastLoginAt: at,
            createdAt: at,
          });
          if (!(await redeemInviteCode(tx, input.invite_code, created.id, at)))
            throw new Refusal(STATUS.INVITE_INVALID);
          await closeCode(tx, email, at);
          const visitor = await provenVisitorAccount(tx, { dfId, secret: input.visitor_secret });
          if (visitor) await mergeVisitorInto(tx, visitor.id, created.id);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(STATUS.EMAIL_TAKEN);
        throw error;
      }
      return signIn(user, true);
    },

    async loginWithPassword(
      rawEmail: string,
      password: string,
      registerDfId: string | null,
      visitor: VisitorProof,
      ip: string | null,
    ): Promise<LoginData> {
      const email = normalizeEmail(rawEmail);
      const [found, proven] = await Promise.all([
        login.findUser(email, visitor.dfId),
        proveVisitor(db, visitor.dfId, visitor.secret),
      ]);
      const user = found?.user ?? null;
      // A failure of the hashing threads throws here, before anything counts as a wrong password.
      const valid = await passwords.verify(user?.passwordHash ?? null, password);
      if (!user?.passwordHash || !valid) {
        const known = user?.passwordHash ? user : null;
        await recordFailedLogin(db, { email, ip, userId: known?.id ?? 0, now: now() });
        if (known && known.failedLogins + 1 > MAX_FAILED_LOGINS)
          throw new AppError(STATUS.ACCOUNT_LOCKED);
        throw new AppError(STATUS.LOGIN_FAILED);
      }
      if (user.failedLogins >= MAX_FAILED_LOGINS) throw new AppError(STATUS.ACCOUNT_LOCKED);
      const values = {
        failedLogins: 0,
        lastLoginAt: now(),
        registerDfId: registerDfId ?? user.registerDfId,
      };
      const visitorId = proven ? (found?.visitorId ?? null) : null;
      if (visitorId === null || visitorId === user.id) {
        // Nothing to merge: the user's update and the session are one statement, no transaction.
        const issued = sessions.issue();
        await login.signIn({ userId: user.id, ...values, ...issued, at: values.lastLoginAt });
        return toLoginData({ ...user, ...values }, issued.token, false);
      }
      return transact(async (tx) => {
        await mergeVisitorInto(tx, visitorId, user.id);
        return signIn(await updateUser(tx, user.id, values), false, tx);
      });
    },

    /** An anonymous account for this browser's visitor: free content, no invite needed. */
    async loginVisitor({ dfId, secret }: VisitorProof): Promise<LoginData> {
      if (!dfId?.startsWith('v_')) throw new AppError(STATUS.MISSING_DEVICE);
      if (!(await proveVisitor(db, dfId, secret))) throw new AppError(STATUS.VISITOR_UNPROVEN);
      const existing = await findUserByIdentity(db, 'DF_ID', dfId);
      if (existing) return signIn(existing, false);
      try {
        const created = await transact(async (tx) => {
          const user = await insertUser(tx, {
            oauthEnum: 'DF_ID',
            registerDfId: dfId,
            lastLoginAt: now(),
            createdAt: now(),
          });
          await insertIdentity(tx, user.id, 'DF_ID', dfId);
          return user;
        });
        return signIn(created, true);
      } catch (error) {
        // Two first logins of one device raced: the other created it.
        if (!isUniqueViolation(error)) throw error;
        return signIn((await findUserByIdentity(db, 'DF_ID', dfId))!, false);
      }
    },

    async resetPassword(input: { email: string; pwd: string; ticket: string }): Promise<void> {
      const email = normalizeEmail(input.email);
      const passwordHash = await passwords.hash(input.pwd);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        if (!(await checkCode(tx, email, 'UPDATE_PWD', input.ticket, at)))
          return 'invalid' as const;
        const user = await findUserByEmail(tx, email);
        if (!user) return 'invalid' as const;
        await updateUser(tx, user.id, { passwordHash, failedLogins: 0 });
        await closeCode(tx, email, at);
        return user.id;
      });
      if (outcome === 'invalid') throw new AppError(STATUS.CODE_INVALID);
      // A new password ends every session the old one opened.
      await sessions.revokeAllFor(outcome);
    },

    async userInfo(userId: number): Promise<UserInfo> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(STATUS.TOKEN_INVALID);
      return toUserInfo(user, now());
    },

    /** A social account completes its profile: nickname plus an invite code, once. */
    async bindInvite(
      userId: number,
      input: {
        nick_name: string;
        avatar?: string | undefined;
        invite_code: string;
        register_df_id?: string | undefined;
        visitor_secret?: string | undefined;
      },
      dfId: string | null,
    ): Promise<UserInfo> {
      const at = now();
      const user = await transact(async (tx) => {
        const current = await findUserById(tx, userId);
        if (!current) throw new Refusal(STATUS.TOKEN_INVALID);
        if (current.inviteBoundAt) {
          return updateUser(tx, userId, {
            nickName: input.nick_name,
            avatar: input.avatar ?? current.avatar,
          });
        }
        if (!(await redeemInviteCode(tx, input.invite_code, userId, at)))
          throw new Refusal(STATUS.INVITE_INVALID);
        const visitor = await provenVisitorAccount(tx, { dfId, secret: input.visitor_secret });
        if (visitor) await mergeVisitorInto(tx, visitor.id, userId);
        return updateUser(tx, userId, {
          nickName: input.nick_name,
          avatar: input.avatar ?? current.avatar,
          inviteBoundAt: at,
          registerDfId: input.register_df_id ?? dfId ?? current.registerDfId,
        });
      });
      return toUserInfo(user, at);
    },

    /** Whether this user is the DF_ID account of that visitor id. */
    async isVisitorAccount(userId: number, visitorId: string): Promise<boolean> {
      return (await findUserByIdentity(db, 'DF_ID', visitorId))?.id === userId;
    },

    signIn,
    transact,
    provenVisitorAccount,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

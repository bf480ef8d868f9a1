import { CALLS, type CallBodyInput } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { createInviteCodes } from '../../src/modules/auth/invites.js';
import { users } from '../../src/platform/db/schema/index.js';
import { api } from './http.js';
import type { TestServer } from './server.js';
import type { startSmtpServer } from './smtp.js';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

export async function inviteCode(
  server: TestServer,
  uses = 1,
  expiresAt: Date | null = null,
): Promise<string> {
  const [row] = await createInviteCodes(server.database.db, { count: 1, uses, expiresAt });
  return row!.code;
}

export const PASSWORD = 'correct-horse';

type RegisterBody = CallBodyInput<typeof CALLS.register>;

/** A register payload: the mailed code and an invite from the caller, our defaults for the rest. */
export const registerPayload = (
  email: string,
  ticket: string,
  inviteCode: string,
  overrides: Partial<RegisterBody> = {},
): RegisterBody => ({
  email,
  ticket,
  pwd: PASSWORD,
  pwd_: PASSWORD,
  nick_name: 'Wren',
  oauth_enum: 'EMAIL',
  scene_type: 1,
  invite_code: inviteCode,
  ...overrides,
});

/** Registers through the real calls: ticket mailed over SMTP, code read back from the mail. */
export async function registerAccount(
  server: TestServer,
  smtp: Smtp,
  email: string,
  options: { invite?: string; dfId?: string; visitorSecret?: string; nick?: string } = {},
) {
  const ticket = await api(server, CALLS.loginTicket, {
    body: { email, send_to_email: true, ticket_use_type: 'REGISTER' },
  });
  if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status} ${ticket.desc}`);
  return api(server, CALLS.register, {
    dfId: options.dfId,
    body: registerPayload(
      email,
      smtp.codeFor(email.toLowerCase()),
      options.invite ?? (await inviteCode(server)),
      {
        nick_name: options.nick ?? 'Lantern',
        ...(options.visitorSecret ? { visitor_secret: options.visitorSecret } : {}),
      },
    ),
  });
}

/**
 * A password sign-in; `from` names the visitor's browser it comes from, and with the visitor's
 * secret it moves what the visitor had into the account.
 */
export function login(
  server: TestServer,
  email: string,
  pwd = PASSWORD,
  from?: { dfId: string; secret?: string },
) {
  return api(server, CALLS.login, {
    dfId: from?.dfId,
    body: {
      email,
      pwd,
      oauth_enum: 'EMAIL',
      scene_type: 1,
      ...(from?.secret ? { visitor_secret: from.secret } : {}),
    },
  });
}

export async function makeAdmin(server: TestServer, email: string): Promise<void> {
  await server.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
}

import { z } from 'zod';
import { createInviteCodes, listInviteCodes } from '../modules/auth/invites.js';
import { grantAdmin } from '../modules/auth/user-queries.js';
import { AdminCommandRefused, type AdminHandler } from '../platform/admin-channel.js';
import type { Db } from '../platform/db/client.js';

/**
 * Customer service's commands, as data: the CLI runs them on the database itself, or hands them
 * to the running server that owns the embedded database (platform/admin-channel.ts), which runs
 * this same code. Either way the checks below hold.
 */
export const inviteCommandSchema = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('create'),
    count: z.int().min(1).max(500),
    uses: z.int().min(1).max(100_000),
    expiresAt: z.iso.datetime().nullable(),
    note: z.string().max(200).nullable(),
  }),
  z.strictObject({ command: z.literal('list'), limit: z.int().min(1).max(10_000) }),
  z.strictObject({ command: z.literal('grant-admin'), email: z.string().min(1).max(320) }),
]);

export type InviteCommand = z.infer<typeof inviteCommandSchema>;

/** What the CLI prints: its exit code and the lines of stdout and stderr. */
export interface CommandOutcome {
  code: 0 | 2;
  stdout: string[];
  stderr: string[];
}

export async function runInviteCommand(db: Db, command: InviteCommand): Promise<CommandOutcome> {
  if (command.command === 'create') {
    const expiresAt = command.expiresAt ? new Date(command.expiresAt) : null;
    const rows = await createInviteCodes(db, {
      count: command.count,
      uses: command.uses,
      expiresAt,
      note: command.note,
    });
    return {
      code: 0,
      stdout: rows.map((row) => row.code),
      stderr: [
        `${rows.length} code(s), ${rows[0]?.maxUses} use(s) each${expiresAt ? `, until ${expiresAt.toISOString()}` : ''}`,
      ],
    };
  }
  if (command.command === 'list') {
    const rows = await listInviteCodes(db, command.limit);
    return {
      code: 0,
      stdout: [
        'code        used/max  expires                   note',
        ...rows.map(
          (r) =>
            `${r.code.padEnd(11)} ${`${r.usedCount}/${r.maxUses}`.padEnd(9)} ${(r.expiresAt?.toISOString() ?? '-').padEnd(25)} ${r.note ?? ''}`,
        ),
      ],
      stderr: [],
    };
  }
  return (await grantAdmin(db, command.email))
    ? { code: 0, stdout: [`${command.email} is now an admin`], stderr: [] }
    : { code: 2, stdout: [], stderr: [`No account with the email ${command.email}`] };
}

/** The running server's side of the admin channel: the same commands, checked the same way. */
export function inviteCommandHandler(db: Db): AdminHandler {
  return async (body) => {
    const parsed = inviteCommandSchema.safeParse(body);
    if (!parsed.success) throw new AdminCommandRefused(z.prettifyError(parsed.error));
    return runInviteCommand(db, parsed.data);
  };
}

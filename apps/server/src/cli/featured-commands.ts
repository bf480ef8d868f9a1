import { STATUS_MESSAGES } from '@taleforge/contracts/status';
import { z } from 'zod';
import { createFeaturedService } from '../modules/games/featured-service.js';
import { AdminCommandRefused, type AdminHandler } from '../platform/admin-channel.js';
import type { Db } from '../platform/db/client.js';
import { AppError } from '../platform/http/app-error.js';
import type { CommandOutcome } from './invite-commands.js';

/**
 * The operator's pin on the home's featured tale (decision 49), as data like the invite commands:
 * run on the database itself, or by the server that owns the embedded one. The checks are the
 * admin route's own (the same service), so a refused pin changes nothing here either.
 */
export const featuredCommandSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('featured-show') }),
  z.strictObject({
    command: z.literal('featured-pin'),
    gameId: z
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  }),
  z.strictObject({ command: z.literal('featured-clear') }),
]);

export type FeaturedCommand = z.infer<typeof featuredCommandSchema>;

export async function runFeaturedCommand(
  db: Db,
  command: FeaturedCommand,
): Promise<CommandOutcome> {
  // Homes cached by a running server show the change within CATALOGUE_CACHE_MS; the admin route
  // is the way to show it at once.
  const { operator } = createFeaturedService({ db, now: () => new Date(), onChanged: () => {} });
  try {
    if (command.command === 'featured-clear') {
      await operator.clear();
      return {
        code: 0,
        stdout: ['No work is pinned: the rule chooses the featured tale'],
        stderr: [],
      };
    }
    const { pin } =
      command.command === 'featured-pin'
        ? await operator.pin(command.gameId, null)
        : await operator.show();
    if (!pin) return { code: 0, stdout: ['No work is pinned'], stderr: [] };
    const state = pin.in_effect ? 'featured now' : 'not in effect: the work is off the player site';
    return {
      code: 0,
      stdout: [`Work ${pin.game_id} pinned at ${pin.pinned_at} (${state})`],
      stderr: [],
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: 2, stdout: [], stderr: [STATUS_MESSAGES[error.status].en_US] };
  }
}

/** Adds the featured commands to the server's admin channel; any other goes on to `next`. */
export function withFeaturedCommands(next: AdminHandler, db: Db): AdminHandler {
  return async (body) => {
    const name = (body as { command?: unknown } | null)?.command;
    if (typeof name !== 'string' || !name.startsWith('featured-')) return next(body);
    const parsed = featuredCommandSchema.safeParse(body);
    if (!parsed.success) throw new AdminCommandRefused(z.prettifyError(parsed.error));
    return runFeaturedCommand(db, parsed.data);
  };
}

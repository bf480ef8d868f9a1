import type { StatusCode } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';

/**
 * Runs a change; a fault that is not an answer of ours (the database went away, a lock timed
 * out) is logged and told as the SPEC's own failure text ("Like failed", "Follow failed, please
 * try again later") rather than a bare server error. The transaction was rolled back: nothing
 * changed, and the player may simply try again.
 */
export async function failingAs<T>(
  status: StatusCode,
  log: FastifyBaseLogger,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error }, 'social change failed');
    throw new AppError(status);
  }
}

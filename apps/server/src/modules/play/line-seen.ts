import type { CallBody, lineSeenCall } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findSave, raiseLineSeen } from './save-queries.js';

/**
 * Keeps how far the player has read the lines on screen, in the save (so every device resumes
 * there). One write when it applies; only a refusal reads the save, to say why.
 */
export async function recordLineSeen(
  db: Db,
  now: Date,
  userId: number,
  body: CallBody<typeof lineSeenCall>,
): Promise<{ line_seen: number }> {
  const kept = await raiseLineSeen(db, userId, body.game_id, body.seq, body.line, now);
  if (kept !== null) return { line_seen: kept };
  const save = await findSave(db, userId, body.game_id);
  if (!save) throw new AppError(STATUS.SAVE_NOT_FOUND);
  if (save.seq !== body.seq) throw new AppError(STATUS.STALE_EVENT);
  throw new AppError(STATUS.LINE_NOT_SHOWN);
}

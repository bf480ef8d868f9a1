import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../../platform/http/app-error.js';

/** What the creator is shown when an upload is refused: the status and, where it helps, what and where. */
export const unreadable = (detail?: string) =>
  new AppError(STATUS.STUDIO_IMPORT_UNREADABLE, detail);
export const unsafeZip = (detail: string) => new AppError(STATUS.STUDIO_ZIP_UNSAFE, detail);
export const notUtf8 = (file: string) => new AppError(STATUS.STUDIO_NOT_UTF8, file);
export const badCard = (detail: string) => new AppError(STATUS.STUDIO_CARD_INVALID, detail);
export const notTwee = (detail: string) => new AppError(STATUS.STUDIO_TWEE_INVALID, detail);

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text files must be UTF-8: a Latin-1 or UTF-16 file decoded leniently would turn its accents
 * into replacement characters in the creator's story without a word. NUL cannot be stored.
 */
export function decodeText(bytes: Uint8Array, file: string): string {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw notUtf8(file);
  }
  if (text.includes('\0')) throw notUtf8(file);
  return text;
}

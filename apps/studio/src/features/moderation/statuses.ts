import type { STATUS } from '@taleforge/contracts';
import { isApiError } from '../../shared/api';

/** The moderation statuses the page reacts to, tied to the contracts' catalogue by type only. */
const NOT_ADMIN = 6601 satisfies typeof STATUS.MODERATION_NOT_ADMIN;
const ALREADY_HANDLED = 6602 satisfies typeof STATUS.MODERATION_ALREADY_HANDLED;
const GONE = 6603 satisfies typeof STATUS.MODERATION_NOT_FOUND;

const hasStatus = (error: unknown, status: number) =>
  isApiError(error) && error.kind === 'status' && error.status === status;

/** The account is not (or no longer) an administrator: the page shows "not allowed". */
export const isNotAdmin = (error: unknown) => hasStatus(error, NOT_ADMIN);

/** Someone else handled it first, or it is gone: either way it leaves the queue. */
export const leftTheQueue = (error: unknown) =>
  hasStatus(error, ALREADY_HANDLED) || hasStatus(error, GONE);

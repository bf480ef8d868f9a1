import type { STATUS } from '@taleforge/contracts';

/**
 * - `status`: the body carried a non-200 status (business outcome; the caller decides what to show)
 * - `http`: the server answered with a non-2xx HTTP status
 * - `network`: no usable answer (offline, DNS, unreadable body)
 * - `timeout`: no answer within the request timeout
 */
export type ApiErrorKind = 'status' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** Body status for `status`, HTTP status for `http`, 0 otherwise. */
    readonly status: number,
    readonly desc: string,
    readonly kind: ApiErrorKind = 'status',
  ) {
    super(desc || `${kind} ${status}`);
  }
}

/**
 * Body statuses that mean "sign in again" (SPEC §8). Re-declared here because the browser apps import
 * only plain values from contracts; `satisfies` ties them to the contracts' STATUS catalogue.
 */
export const LOGIN_REQUIRED_STATUSES = [1005, 1006, 1007] as const satisfies readonly [
  typeof STATUS.NO_TOKEN,
  typeof STATUS.TOKEN_INVALID,
  typeof STATUS.TOKEN_EXPIRED,
];

export const isLoginRequiredStatus = (status: number): boolean =>
  (LOGIN_REQUIRED_STATUSES as readonly number[]).includes(status);

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

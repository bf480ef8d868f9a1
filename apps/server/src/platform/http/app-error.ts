import type { StatusCode } from '@taleforge/contracts/status';

/**
 * The one error type of the server. `status` comes from the contracts catalogue; `detail` is
 * appended to the localized message (already localized by whoever built it).
 */
export class AppError extends Error {
  constructor(
    readonly status: StatusCode,
    readonly detail?: string,
    readonly httpStatus = 200,
  ) {
    super(detail ? `status ${status}: ${detail}` : `status ${status}`);
    this.name = 'AppError';
  }
}

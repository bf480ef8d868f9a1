import type { Locale } from '@taleforge/contracts/constants';
import { STATUS, type StatusCode, statusMessage } from '@taleforge/contracts/status';

export interface EnvelopeBody<T> {
  status: number;
  desc: string;
  data: T | null;
}

export function okEnvelope<T>(data: T, locale: Locale): EnvelopeBody<T> {
  return { status: STATUS.OK, desc: statusMessage(STATUS.OK, locale), data };
}

export function errorEnvelope(
  status: StatusCode,
  locale: Locale,
  detail?: string,
): EnvelopeBody<null> {
  const message = statusMessage(status, locale);
  return { status, desc: detail ? `${message}: ${detail}` : message, data: null };
}

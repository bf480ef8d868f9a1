import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a signed webhook stays acceptable; older (or further in the future) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SANDBOX_SIGNATURE_HEADER = 'taleforge-signature';

function hmac(secret: string, timestamp: number, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/** Header value `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, Stripe's scheme. */
export function signPayload(secret: string, payload: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

/** Checks the header against the raw body; false on any doubt. */
export function verifySignature(
  secret: string,
  payload: Buffer,
  header: string | undefined,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || !value) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS)
    return false;
  const expected = Buffer.from(hmac(secret, t, payload), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

import { constants, createDecipheriv, createHmac, privateDecrypt } from 'node:crypto';
import { z } from 'zod';
import type { RiskKeys } from './keys.js';

/** FingerprintJS component shape: a value, or an error when the source failed. */
const componentSchema = z.object({ value: z.unknown().optional(), error: z.unknown().optional() });
const signalsSchema = z.object({
  components: z.record(z.string().max(64), componentSchema),
  visitorId: z.string().max(128).optional(),
});
export type DeviceSignals = z.infer<typeof signalsSchema>;

/** Sources that change on their own (window placement, timing) would split one device into many hashes. */
const VOLATILE = new Set([
  'screenFrame',
  'reducedMotion',
  'reducedTransparency',
  'forcedColors',
  'contrast',
  'monochrome',
  'invertedColors',
]);

const GCM_TAG_BYTES = 16;

export class SignalsError extends Error {}

/** Opens what the browser sealed: RSA-OAEP(SHA-256) wraps the AES-256-GCM key; the tag trails the ciphertext. */
export function openSignals(
  keys: RiskKeys,
  sealed: { key: string; iv: string; data: string },
): DeviceSignals {
  let plain: Buffer;
  try {
    const aesKey = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(sealed.key, 'base64'),
    );
    const iv = Buffer.from(sealed.iv, 'base64');
    const data = Buffer.from(sealed.data, 'base64');
    if (aesKey.length !== 32 || iv.length !== 12 || data.length <= GCM_TAG_BYTES)
      throw new Error('sizes');
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    plain = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new SignalsError('cannot decrypt');
  }
  let json: unknown;
  try {
    json = JSON.parse(plain.toString('utf8'));
  } catch {
    throw new SignalsError('not json');
  }
  const parsed = signalsSchema.safeParse(json);
  if (!parsed.success) throw new SignalsError('bad shape');
  return parsed.data;
}

/** Stable JSON: key order must not change the id. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A keyed hash of the device's stable signals: the same device gives the same hash, for risk
 * scoring and rate limits. It is never an identity: signals are not secret, anyone can send them.
 */
export function deviceHash(keys: RiskKeys, signals: DeviceSignals): string {
  const stable = Object.entries(signals.components)
    .filter(([name, c]) => !VOLATILE.has(name) && c.error === undefined)
    .map(([name, c]) => [name, c.value] as const);
  return createHmac('sha256', keys.deviceHashKey)
    .update(canonical(Object.fromEntries(stable)))
    .digest('base64url');
}

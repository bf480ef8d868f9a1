import { base64ToBytes, bytesToBase64 } from '../../shared/lib/base64';

export type SealedPayload = { key: string; iv: string; data: string };

/**
 * Hybrid encryption the server's risk module reads (contracts `riskDeviceCall`):
 * - a fresh AES-256-GCM key encrypts the UTF-8 JSON; `data` is the ciphertext with the 16-byte
 *   GCM tag appended, exactly as WebCrypto returns it;
 * - the raw 32-byte AES key is wrapped with the server's RSA-OAEP (SHA-256) public key → `key`;
 * - `iv` is the random 12-byte nonce. All three travel as base64.
 */
export async function sealJson(
  payload: unknown,
  spkiBase64: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<SealedPayload> {
  const publicKey = await subtle.importKey(
    'spki',
    base64ToBytes(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const [ciphertext, rawKey] = await Promise.all([
    subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext),
    subtle.exportKey('raw', aesKey),
  ]);
  const wrappedKey = await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, rawKey);
  return {
    key: bytesToBase64(wrappedKey),
    iv: bytesToBase64(iv),
    data: bytesToBase64(ciphertext),
  };
}

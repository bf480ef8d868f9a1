import { webcrypto } from 'node:crypto';

/** Seals device signals exactly as the browser does (WebCrypto): AES-256-GCM, key wrapped with RSA-OAEP. */
export async function sealSignals(spkiBase64: string, kid: string, payload: unknown) {
  const subtle = webcrypto.subtle;
  const rsa = await subtle.importKey(
    'spki',
    Buffer.from(spkiBase64, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    aes,
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const key = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  const b64 = (b: ArrayBuffer | Uint8Array) =>
    Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('base64');
  return { kid, key: b64(key), iv: b64(iv), data: b64(data) };
}

export const sampleComponents = (overrides: Record<string, unknown> = {}) => ({
  components: {
    platform: { value: 'Linux x86_64', duration: 0 },
    timezone: { value: 'Asia/Tokyo', duration: 1 },
    languages: { value: [['ja-JP']], duration: 0 },
    hardwareConcurrency: { value: 8, duration: 0 },
    screenFrame: { value: [0, 0, 40, 0], duration: 0 },
    canvas: { value: { winding: true, geometry: 'abc', text: 'def' }, duration: 12 },
    ...overrides,
  },
  visitorId: 'client-side-hash',
});

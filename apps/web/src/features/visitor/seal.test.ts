import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealJson } from './seal';

/** Opens a sealed payload the way the server does, with node:crypto only. */
function openSealed(
  sealed: { key: string; iv: string; data: string },
  privateKey: ReturnType<typeof generateKeyPairSync>['privateKey'],
) {
  const aesKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(sealed.key, 'base64'),
  );
  const iv = Buffer.from(sealed.iv, 'base64');
  const data = Buffer.from(sealed.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]);
  return { aesKey, iv, json: JSON.parse(plain.toString('utf8')) as unknown };
}

describe('sealJson', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

  it('produces RSA-OAEP(SHA-256)-wrapped AES-256-GCM that node:crypto opens', async () => {
    const payload = {
      visitorId: 'fp-0123456789abcdef',
      components: {
        timezone: { value: 'Asia/Tokyo' },
        languages: { value: [['ja-JP']] },
        canvas: { value: { hash: 'abc' } },
        audio: { error: 'Error: suspended' },
      },
    };
    const sealed = await sealJson(payload, spki);
    const opened = openSealed(sealed, privateKey);
    expect(opened.json).toEqual(payload);
    expect(opened.aesKey).toHaveLength(32);
    expect(opened.iv).toHaveLength(12);
  });

  it('uses a fresh key and nonce every time', async () => {
    const first = await sealJson({ a: 1 }, spki);
    const second = await sealJson({ a: 1 }, spki);
    expect(first.iv).not.toBe(second.iv);
    expect(first.data).not.toBe(second.data);
    expect(openSealed(first, privateKey).aesKey).not.toEqual(openSealed(second, privateKey).aesKey);
  });

  it('is rejected by the server side when the ciphertext is tampered with', async () => {
    const sealed = await sealJson({ a: 1 }, spki);
    const bytes = Buffer.from(sealed.data, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    expect(() => openSealed({ ...sealed, data: bytes.toString('base64') }, privateKey)).toThrow();
  });
});

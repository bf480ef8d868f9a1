// A visitor as the browser makes one: the risk step with sealed device signals (WebCrypto, as
// apps/web seals them), answered with a visitor id and the secret that proves it.
import { webcrypto } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';

async function seal(spki, payload) {
  const { subtle } = webcrypto;
  const rsa = await subtle.importKey(
    'spki',
    Buffer.from(spki, 'base64'),
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
  const b64 = (b) =>
    Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('base64');
  return { key: b64(key), iv: b64(iv), data: b64(data) };
}

/** `api` is the origin plus the product prefix, e.g. http://127.0.0.1:8080/taleforge. */
export async function newVisitor(api) {
  const key = await (await fetch(`${api}${CALLS.riskKey.path}?lang=en_US`)).json();
  const sealed = await seal(key.data.spki, {
    components: { platform: { value: 'bench' }, timezone: { value: 'UTC' } },
  });
  const res = await fetch(`${api}${CALLS.riskDevice.path}?lang=en_US`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kid: key.data.kid, ...sealed }),
  });
  const { status, data } = await res.json();
  if (status !== 200) throw new Error(`risk step: ${status}`);
  return { dfId: data.visitor_id, secret: data.visitor_secret };
}

/** A new visitor signed in the way the browser signs one in (DF_ID with its secret). */
export async function signedInVisitor(api) {
  const { dfId, secret } = await newVisitor(api);
  const res = await fetch(`${api}${CALLS.login.path}?lang=en_US&df_id=${dfId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oauth_enum: 'DF_ID', scene_type: 1, visitor_secret: secret }),
  });
  const login = await res.json();
  if (login.status !== 200) throw new Error(`login: ${login.desc}`);
  return { dfId, token: login.data.access_token };
}

import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitors } from '../src/platform/db/schema/index.js';
import { api } from './support/http.js';
import { sampleComponents, sealSignals } from './support/seal.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let key: { kid: string; spki: string };
beforeAll(async () => {
  // Its own key, made at start as a new install's is: the test below reads it back.
  server = await startTestServer({}, { ownRiskKey: true });
  key = (await api(server, CALLS.riskKey, { dfId: null })).data!;
});
afterAll(() => server.close());

async function identify(payload: unknown, kid = key.kid) {
  const body = await sealSignals(key.spki, kid, payload);
  return api(server, CALLS.riskDevice, {
    body,
    dfId: null,
  });
}

describe('device risk step', () => {
  it('publishes an RSA public key with a key id', () => {
    expect(key.kid).toMatch(/^[0-9a-f]{16}$/);
    expect(Buffer.from(key.spki, 'base64').length).toBeGreaterThan(250);
  });

  it('names a new visitor with a random id and a secret, and records the device beside it', async () => {
    const first = await identify(sampleComponents());
    expect(first.status).toBe(200);
    expect(first.data!.visitor_id).toMatch(/^v_[A-Za-z0-9_-]{27}$/);
    expect(first.data!.visitor_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await server.database.db
      .select()
      .from(visitors)
      .where(eq(visitors.id, first.data!.visitor_id));
    // Only a hash of the secret is kept, and the device's hash is a risk signal beside it.
    expect(row!.secretHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.secretHash).not.toBe(first.data!.visitor_secret);
    expect(row!.deviceHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the same signals from a browser that holds nothing name another visitor', async () => {
    // Device signals are not secret: sending someone's must not yield their id.
    const a = await identify(sampleComponents());
    const b = await identify(sampleComponents());
    expect(a.data!.visitor_id).not.toBe(b.data!.visitor_id);
    const rows = await server.database.db
      .select()
      .from(visitors)
      .where(eq(visitors.id, a.data!.visitor_id));
    const [other] = await server.database.db
      .select()
      .from(visitors)
      .where(eq(visitors.id, b.data!.visitor_id));
    expect(rows[0]!.deviceHash).toBe(other!.deviceHash);
  });

  it('an old key id is 1101 so the browser refetches the key', async () => {
    const res = await identify(sampleComponents(), '0000000000000000');
    expect(res.status).toBe(1101);
  });

  it('tampered, garbage or misshapen payloads are 1102 and record nothing', async () => {
    const before = await server.database.db.$count(visitors);
    const sealed = await sealSignals(key.spki, key.kid, sampleComponents());
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0] = flipped[0]! ^ 0xff;
    const attempts = [
      { ...sealed, data: flipped.toString('base64') },
      { ...sealed, key: Buffer.from('nope').toString('base64') },
      { ...sealed, iv: 'AAAA' },
      await sealSignals(key.spki, key.kid, { components: 'not an object' }),
      await sealSignals(key.spki, key.kid, ['array']),
    ];
    for (const body of attempts) {
      const res = await api(server, CALLS.riskDevice, { body, dfId: null, lang: 'zh_CN' });
      expect(res).toMatchObject({ http: 200, status: 1102, desc: '无法读取设备校验数据' });
    }
    expect(await server.database.db.$count(visitors)).toBe(before);
  });

  it('the device hash survives a restart (the key is kept in DATA_DIR)', async () => {
    const { loadRiskKeys } = await import('../src/modules/risk/keys.js');
    const reloaded = await loadRiskKeys(server.config.dataDir);
    expect(reloaded.kid).toBe(server.riskKeys.kid);
    expect(reloaded.deviceHashKey.equals(server.riskKeys.deviceHashKey)).toBe(true);
  });
});

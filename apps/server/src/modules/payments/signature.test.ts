import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature.js';

const secret = 'whsec_test_0123456789abcdef';
const body = '{"id":"evt_1","type":"payment.succeeded"}';
const now = 1_800_000_000;

describe('webhook signatures', () => {
  it('accepts its own signature on the exact body', () => {
    expect(verifySignature(secret, Buffer.from(body), signPayload(secret, body, now), now)).toBe(
      true,
    );
  });

  it('refuses a changed body, another secret and garbage', () => {
    const header = signPayload(secret, body, now);
    expect(verifySignature(secret, Buffer.from(`${body} `), header, now)).toBe(false);
    expect(verifySignature('whsec_other_0123456789', Buffer.from(body), header, now)).toBe(false);
    expect(verifySignature(secret, Buffer.from(body), 't=abc,v1=zz', now)).toBe(false);
    expect(verifySignature(secret, Buffer.from(body), undefined, now)).toBe(false);
  });

  it('accepts 300 s of clock difference and no more', () => {
    const header = signPayload(secret, body, now);
    expect(verifySignature(secret, Buffer.from(body), header, now + 300)).toBe(true);
    expect(verifySignature(secret, Buffer.from(body), header, now + 301)).toBe(false);
    expect(verifySignature(secret, Buffer.from(body), header, now - 301)).toBe(false);
  });
});

import { CALLS } from '@taleforge/contracts';
import { api } from './http.js';
import { sampleComponents, sealSignals } from './seal.js';
import type { TestServer } from './server.js';

export interface Visitor {
  dfId: string;
  secret: string;
}

/** The risk step as the browser runs it: sealed signals, plus the id and secret it may hold. */
export async function riskStep(
  server: TestServer,
  options: { components?: unknown; holds?: Partial<Visitor>; token?: string } = {},
) {
  const key = (await api(server, CALLS.riskKey, { dfId: null })).data!;
  const sealed = await sealSignals(key.spki, key.kid, options.components ?? sampleComponents());
  return api(server, CALLS.riskDevice, {
    dfId: null,
    ...(options.token ? { token: options.token } : {}),
    body: {
      ...sealed,
      ...(options.holds?.dfId ? { visitor_id: options.holds.dfId } : {}),
      ...(options.holds?.secret ? { visitor_secret: options.holds.secret } : {}),
    },
  });
}

/** A new visitor, issued by the server's risk step. */
export async function newVisitor(server: TestServer): Promise<Visitor> {
  const res = await riskStep(server);
  if (res.status !== 200 || !res.data?.visitor_secret) throw new Error(`risk: ${res.status}`);
  return { dfId: res.data.visitor_id, secret: res.data.visitor_secret };
}

/** The anonymous DF_ID sign-in of a visitor that proves itself. */
export const visitorLogin = (server: TestServer, visitor: Partial<Visitor>) =>
  api(server, CALLS.login, {
    dfId: visitor.dfId ?? null,
    body: {
      oauth_enum: 'DF_ID',
      scene_type: 1,
      ...(visitor.secret ? { visitor_secret: visitor.secret } : {}),
    },
  });

import { riskDeviceCall, riskKeyCall } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import { deriveVisitorId, openSignals, SignalsError } from './device-signals.js';
import type { RiskKeys } from './keys.js';
import { recordVisitor } from './queries.js';

export function registerRiskRoutes(
  app: FastifyInstance,
  deps: { db: Db; keys: RiskKeys; now: () => Date },
): void {
  const { db, keys, now } = deps;

  defineRoute(app, riskKeyCall, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return { kid: keys.kid, spki: keys.spki };
  });

  defineRoute(app, riskDeviceCall, async ({ body, request }) => {
    if (body.kid !== keys.kid) throw new AppError(STATUS.RISK_KEY_UNKNOWN);
    let visitorId: string;
    try {
      visitorId = deriveVisitorId(keys, openSignals(keys, body));
    } catch (error) {
      if (error instanceof SignalsError) throw new AppError(STATUS.RISK_PAYLOAD_INVALID);
      throw error;
    }
    const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
    await recordVisitor(db, { id: visitorId, ip: request.ip, userAgent, now: now() });
    return { visitor_id: visitorId };
  });
}

import { riskDeviceCall, riskKeyCall } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import { defineRoute } from '../../platform/http/route.js';
import { deviceHash, openSignals, SignalsError } from './device-signals.js';
import type { RiskKeys } from './keys.js';
import { recogniseVisitor } from './visitor-identity.js';

export interface RiskRouteDeps {
  db: Db;
  keys: RiskKeys;
  now: () => Date;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
  /** Whether this user is the DF_ID account of that visitor id. */
  isVisitorAccount: (userId: number, visitorId: string) => Promise<boolean>;
}

export function registerRiskRoutes(app: FastifyInstance, deps: RiskRouteDeps): void {
  const { db, keys, now } = deps;

  defineRoute(app, riskKeyCall, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return { kid: keys.kid, spki: keys.spki };
  });

  defineRoute(app, riskDeviceCall, async ({ body, request }) => {
    if (body.kid !== keys.kid) throw new AppError(STATUS.RISK_KEY_UNKNOWN);
    let device: string;
    try {
      device = deviceHash(keys, openSignals(keys, body));
    } catch (error) {
      if (error instanceof SignalsError) throw new AppError(STATUS.RISK_PAYLOAD_INVALID);
      throw error;
    }
    const sighting = {
      deviceHash: device,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      now: now(),
    };
    return recogniseVisitor(
      db,
      { visitorId: body.visitor_id, visitorSecret: body.visitor_secret },
      sighting,
      async (visitorId) => {
        const auth = await deps.optionalAuth(request);
        return auth !== null && deps.isVisitorAccount(auth.userId, visitorId);
      },
    );
  });
}

import { z } from 'zod';
import { defineCall } from '../call.js';
import { visitorIdSchema, visitorSecretSchema } from '../visitor.js';

/** The device risk step: the browser fetches the public key, then posts its encrypted signals. */
export const riskKeyCall = defineCall({
  method: 'GET',
  path: '/api/v1/risk/key',
  data: z.object({
    kid: z.string(),
    /** RSA-OAEP (SHA-256) public key, SubjectPublicKeyInfo, base64 */
    spki: z.string(),
  }),
});

/**
 * Hybrid encryption: the signals are sealed with a fresh AES-256-GCM key, and that key is
 * wrapped with the server's RSA-OAEP public key. All fields base64.
 *
 * A browser that holds a visitor id sends it with its secret and keeps it. The answer carries a
 * `visitor_secret` only when it names a new visitor (or gives a visitor made before secrets
 * existed its first one, proven by that visitor's DF_ID session in Authorization).
 */
export const riskDeviceCall = defineCall({
  method: 'POST',
  path: '/api/v1/risk/device',
  body: z.strictObject({
    kid: z.string().min(1).max(64),
    key: z.string().min(1).max(1024),
    iv: z.string().min(1).max(64),
    data: z.string().min(1).max(65_536),
    visitor_id: visitorIdSchema.optional(),
    visitor_secret: visitorSecretSchema.optional(),
  }),
  data: z.object({ visitor_id: z.string(), visitor_secret: z.string().optional() }),
});

/** Page titles the browser reports on each navigation (SPEC §2). */
export const pageViewCall = defineCall({
  method: 'POST',
  path: '/api/v1/analytics/page-view',
  body: z.strictObject({
    path: z.string().min(1).max(512),
    title: z.string().max(256),
    referrer: z.string().max(512).optional(),
  }),
  data: z.null(),
});

export const healthCall = defineCall({
  method: 'GET',
  path: '/health',
  data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});

/** The process is up and answering: a load balancer's liveness probe (nothing else is asked). */
export const healthLiveCall = defineCall({
  method: 'GET',
  path: '/health/live',
  data: z.object({ status: z.literal('ok') }),
});

/**
 * The node can serve players: its database answers, and Redis when one is configured. Otherwise
 * HTTP 503 with status 503 and the parts that did not answer, so a load balancer sends no one here.
 */
export const healthReadyCall = defineCall({
  method: 'GET',
  path: '/health/ready',
  data: z.object({
    status: z.literal('ready'),
    database: z.literal('up'),
    redis: z.enum(['up', 'not_configured']),
    /** How late the node's event loop ran since the previous probe: a stalled node shows here. */
    event_loop: z.object({ delay_p99_ms: z.number().min(0), delay_max_ms: z.number().min(0) }),
  }),
});

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { backdateCode, normalizeEmail } from './codes.js';

/**
 * Checked with zod like every other body, not with a Fastify route schema: that one schema made
 * each test app build an Ajv instance of its own (~85 ms of a test app's build, measured).
 */
const resendWaitBody = z.strictObject({ email: z.string().min(1).max(254) });

/**
 * Registered only when NODE_ENV is `test` (app.ts), never in development or production: lets a
 * journey have the 60 s an address waits between two codes pass at once, instead of sleeping
 * through them. The wait itself is still proven: the journey is refused before it calls this.
 */
export function registerTestOnlyAuthRoutes(app: FastifyInstance, db: Db): void {
  app.post('/test/verification-codes/resend-wait-passed', async (request, reply) => {
    const body = resendWaitBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: z.prettifyError(body.error) });
    const moved = await backdateCode(db, normalizeEmail(body.data.email));
    return reply.code(moved ? 204 : 404).send();
  });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { backdateCode, normalizeEmail } from './codes.js';

/**
 * Registered only when NODE_ENV is `test` (app.ts), never in development or production: lets a
 * journey have the 60 s an address waits between two codes pass at once, instead of sleeping
 * through them. The wait itself is still proven: the journey is refused before it calls this.
 */
export function registerTestOnlyAuthRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: { email: string } }>(
    '/test/verification-codes/resend-wait-passed',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const moved = await backdateCode(db, normalizeEmail(request.body.email));
      reply.code(moved ? 204 : 404).send();
    },
  );
}

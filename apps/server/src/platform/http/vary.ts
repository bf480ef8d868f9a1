import type { FastifyReply } from 'fastify';

/**
 * Adds a request header to the answer's `Vary`, keeping what is there: CORS varies the API's
 * answers by Origin before a route runs, and a route that also varies by Accept-Encoding or
 * Accept-Language must not erase it, or a cache could give one origin's answer to the other.
 */
export function addVary(reply: FastifyReply, field: string): FastifyReply {
  const present = reply.getHeader('vary');
  const fields =
    present === undefined
      ? []
      : String(present)
          .split(',')
          .map((f) => f.trim());
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return reply;
  return reply.header('vary', [...fields.filter(Boolean), field].join(', '));
}

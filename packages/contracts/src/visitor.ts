import { z } from 'zod';

/**
 * A visitor id is a name the server gives a browser (`v_` and random base64url), not a credential:
 * it travels in every query string and access log. The browser proves it is that visitor with the
 * secret the server issued beside it: 32 random bytes, base64url.
 */
export const visitorIdSchema = z.string().regex(/^v_[A-Za-z0-9_-]{20,64}$/);
export const visitorSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

import type { request } from 'undici';

let loaded: Promise<typeof request> | undefined;

/**
 * undici's `request`, loaded at the first call rather than at every start (~0.1 s): only an
 * install with a model configured calls out, and then keeps undici's global pool as before.
 */
export const outboundRequest = (async (...args: Parameters<typeof request>) => {
  loaded ??= import('undici').then((undici) => undici.request);
  return (await loaded)(...args);
}) as typeof request;

import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

export interface CallDef<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  method: M;
  /** Path under the product prefix, exactly as SPEC §7 writes it. */
  path: P;
  query: Q;
  body: B;
  data: D;
  /**
   * Whether the call needs a token: true for every path under /api/auth/ (SPEC §7). The server
   * checks it per route from this flag, never by matching the request's URL.
   */
  auth: A;
}

/** SPEC §7: the calls under /api/auth/ are the ones that need a token. */
export type NeedsToken<P extends string> = P extends `/api/auth/${string}` ? true : false;

export function defineCall<
  M extends HttpMethod,
  P extends string,
  D extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(def: {
  method: M;
  path: P;
  data: D;
  query?: Q;
  body?: B;
}): CallDef<M, P, Q, B, D, NeedsToken<P>> {
  return {
    method: def.method,
    path: def.path,
    query: def.query as Q,
    body: def.body as B,
    data: def.data,
    auth: def.path.startsWith('/api/auth/') as NeedsToken<P>,
  };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type CallData<C extends CallDef> = z.output<C['data']>;
export type CallQuery<C extends CallDef> = Out<C['query']>;
export type CallQueryInput<C extends CallDef> = In<C['query']>;
export type CallBody<C extends CallDef> = Out<C['body']>;
export type CallBodyInput<C extends CallDef> = In<C['body']>;

/**
 * A number in a query string. It arrives as text, and only plain digits are read as one: no
 * sign, space, exponent, hex or decimal point, and never a repeated parameter (an array). The
 * browser's client may pass a number, which it writes out as digits.
 */
export const queryNumber = <T extends z.ZodType<number, number>>(schema: T) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ])
    .pipe(schema);

/**
 * Like Stripe's: made once per intent by the browser (a form, a purchase), so a double click or a
 * retry sends it again, and the server answers the first answer to the repeat.
 */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_:.-]+$/);

/** Paging shared by list calls: 1-based page, bounded page size. */
export const pageQuerySchema = z.object({
  page: queryNumber(z.number().int().min(1).max(10_000)).default(1),
  page_size: queryNumber(z.number().int().min(1).max(50)).default(20),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });

export type Page<T> = { list: T[]; page: number; page_size: number; total: number };

/** An id in a JSON body: a JSON number, a positive 32-bit integer; never text, true or [3]. */
export const idSchema = z.number().int().positive().max(2_147_483_647);

/** The same id in a query string, where it is text of digits only. */
export const queryIdSchema = queryNumber(idSchema);

import type { CallBodyInput, CallDef, CallQueryInput } from './call.js';

/** A part the call has none of is forbidden; one whose schema requires a key must be passed. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/**
 * A call's query and body as a caller passes them, read from its request schemas: a renamed or
 * missing field is a compile error wherever the call is made.
 */
export type CallInput<C extends CallDef> = Part<'query', CallQueryInput<C>> &
  Part<'body', CallBodyInput<C>>;

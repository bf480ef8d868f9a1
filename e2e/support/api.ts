// The API as the journeys call it from the test: named by a call of the contracts, never a path,
// so a renamed field fails to compile here as it does in the app.

import type { APIRequestContext } from '@playwright/test';
import {
  type CallData,
  type CallDef,
  type CallInput,
  type Locale,
  PRODUCT_SLUG,
} from '@taleforge/contracts';

/** Where a call lives on the site: for sending it, or for matching the requests a page makes. */
export const callPath = (def: Pick<CallDef, 'path'>) => `/${PRODUCT_SLUG}${def.path}`;

export interface Envelope<T> {
  status: number;
  desc: string;
  data: T | null;
}

export type ApiOptions<C extends CallDef> = CallInput<C> & {
  /** The visitor the call is made as: every call carries df_id, as the browser's do. */
  dfId: string;
  token?: string;
  lang?: Locale;
};

/** One call from the test, typed from its contract; the envelope comes back. */
export async function api<C extends CallDef>(
  request: APIRequestContext,
  def: C,
  options: ApiOptions<C>,
): Promise<Envelope<CallData<C>>> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) query[name] = String(value);
  }
  const response = await request.fetch(callPath(def), {
    method: def.method,
    params: { ...query, df_id: options.dfId, lang: options.lang ?? 'en_US' },
    headers: options.token ? { Authorization: options.token } : {},
    ...(options.body === undefined ? {} : { data: options.body }),
  });
  return (await response.json()) as Envelope<CallData<C>>;
}

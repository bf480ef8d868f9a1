import { readFileSync } from 'node:fs';
import {
  CALLS,
  type CallData,
  STUDIO_EXPORT_PATH,
  type STUDIO_IMPORT_KINDS,
} from '@taleforge/contracts';
import { AppError } from '../../src/platform/http/app-error.js';
import { call, type EnvelopeResponse } from './http.js';
import type { TestServer } from './server.js';

/** Test material by its path under test/fixtures/. */
export const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url));

/** The status and detail a call is refused with; fails the test when it is not refused. */
export async function refusal(run: () => unknown): Promise<{ status: number; detail?: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error('expected a refusal, but it went through');
}

type ImportQuery = { id: number; kind: (typeof STUDIO_IMPORT_KINDS)[number]; name?: string };

/** An import as the studio sends it: the file's bytes as the body, what it is in the query. */
export function uploadImport(
  server: TestServer,
  token: string,
  query: ImportQuery,
  bytes: Uint8Array,
  lang?: string,
): Promise<EnvelopeResponse<CallData<typeof CALLS.studioImport>>> {
  return call(server, CALLS.studioImport.path, {
    method: 'POST',
    token,
    query,
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
    ...(lang ? { lang } : {}),
  });
}

/** A raw export: the file's bytes and headers, or the envelope when it is refused. */
export async function download(
  server: TestServer,
  token: string,
  query: { id: number; what: 'sources' | 'card_json' | 'card_png'; character?: string },
) {
  const search: Record<string, string> = { df_id: 'v_testdevice' };
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) search[name] = String(value);
  const res = await fetch(server.url(STUDIO_EXPORT_PATH, search), {
    headers: { authorization: token },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const envelope =
    res.headers.get('content-type')?.startsWith('application/json') &&
    !res.headers.get('content-disposition')
      ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as { status: number; desc: string })
      : null;
  return { http: res.status, headers: res.headers, bytes, envelope };
}

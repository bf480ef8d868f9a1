import type { CallData, CallDef } from '@taleforge/contracts';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** Writes a call's successful answer (the whole envelope) as JSON text. */
export type ResponseWriter<C extends CallDef> = (data: CallData<C>, locale: Locale) => string;

export interface ResponseContractOptions {
  /**
   * Check every answer against its contract before it leaves: a field the contract lacks, a
   * missing one or a wrong type is a 500 and a logged error. On outside production, where a
   * broken answer should fail the test or the developer's screen that meets it.
   */
  check: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseContract: ResponseContractOptions;
  }
}

export const responseContract = fp<ResponseContractOptions>(
  async (app: FastifyInstance, options) => {
    app.decorate('responseContract', { check: options.check });
  },
  { name: 'response-contract' },
);

/** An answer that does not match its call's contract: a server fault, never the caller's. */
export class ResponseContractError extends Error {
  constructor(
    readonly path: string,
    readonly problems: ErrorObject[],
  ) {
    const found = problems.map((p) => `${p.instancePath || '/'} ${p.message}`).join('; ');
    super(`answer of ${path} breaks its contract: ${found}`);
  }
}

// The contract's output side: objects list their fields and allow no others.
const jsonSchemaOf = (call: CallDef) =>
  z.toJSONSchema(call.data, { io: 'output', unrepresentable: 'any', target: 'draft-07' });

const ajv = new Ajv({ allErrors: true, strict: false });

/**
 * The serializer of one call's answer, compiled from its contract once per process: fields the
 * contract does not name are never written (a stray column cannot leak), a required field that is
 * missing throws, and writing is faster than JSON.stringify on a known shape. The envelope's head
 * is fixed per locale, so only `data` is serialized per answer.
 */
export function responseWriter<C extends CallDef>(
  call: C,
  options: ResponseContractOptions,
): ResponseWriter<C> {
  // A call's writer depends only on the call and the mode: compiled once per process, not once
  // per app (tests build dozens of apps in one worker).
  const compiled = options.check ? checkedWriters : uncheckedWriters;
  let write = compiled.get(call);
  if (!write) {
    write = compileWriter(call, options);
    compiled.set(call, write);
  }
  return write as ResponseWriter<C>;
}

/**
 * Writers not compiled yet. Compiling every call's writer took a start ~0.2 s, so a writer
 * compiles at its call's first answer, or sooner when the server has a moment after it is ready.
 */
const pending = new Set<() => void>();

/**
 * Compiles the writers no answer has needed yet, a few at a time between other work, so the
 * first answers after a start do not pay for them. Resolves when none is left.
 */
export async function compilePendingWriters(): Promise<void> {
  for (const compile of pending) {
    compile();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const checkedWriters = new WeakMap<CallDef, ResponseWriter<CallDef>>();
const uncheckedWriters = new WeakMap<CallDef, ResponseWriter<CallDef>>();

function compileWriter<C extends CallDef>(
  call: C,
  options: ResponseContractOptions,
): ResponseWriter<C> {
  let schema: ReturnType<typeof jsonSchemaOf> | undefined;
  let writeData: ((data: unknown) => string) | undefined;
  const compile = () => {
    pending.delete(compile);
    schema ??= jsonSchemaOf(call);
    // zod writes standard JSON Schema; fast-json-stringify types its own subset of it.
    writeData ??= fastJson(schema as fastJson.Schema) as (data: unknown) => string;
    return writeData;
  };
  pending.add(compile);
  // The check compiles at the call's first answer too: all the calls' cost a process ~1 CPU s,
  // and the short-lived servers and CLIs of the tests answer a handful (production never checks).
  let check: ValidateFunction | undefined;
  const heads = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      `{"status":${STATUS.OK},"desc":${JSON.stringify(statusMessage(STATUS.OK, locale))},"data":`,
    ]),
  ) as Record<Locale, string>;
  return (data, locale) => {
    const write = writeData ?? compile();
    if (options.check) {
      check ??= ajv.compile(schema!);
      if (!check(data)) throw new ResponseContractError(call.path, check.errors ?? []);
    }
    return `${heads[locale]}${write(data)}}`;
  };
}

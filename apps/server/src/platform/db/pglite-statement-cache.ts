import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept per database, least recently used closed first (pgjdbc and pgx keep 256). */
export const STATEMENT_CACHE_SIZE = 256;

/** Each cache names its statements apart, so two on one client never take the same name. */
let caches = 0;

interface Statement {
  name: string;
  paramTypes: number[];
  /** The columns, described once: PostgreSQL refuses to run the statement if they change. */
  columns: BackendMessage | undefined;
}

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/**
 * PGlite with a cache of named server-side statements.
 *
 * `PGlite.query` parses, describes and plans its statement on every call, in six trips into the
 * database, and Drizzle's PGlite driver drops the statement names it is given. Most queries
 * here are the same few hundred texts with new values, so each text is parsed once as a named
 * statement; later calls bind and execute it in one trip. A point lookup costs about a fifth of
 * what it did (docs/decisions/0017). The returned client is the same PGlite for everything else.
 *
 * The statement runs under the same locks as `query`: outside a transaction it waits for a
 * running one, inside it for the statement before. A plan PostgreSQL invalidated (a migration
 * changed a table) is re-planned by PostgreSQL itself.
 */
export function withStatementCache(client: PGlite, capacity = STATEMENT_CACHE_SIZE): PGlite {
  const statements = new Map<string, Statement>();
  const prefix = `tf${++caches}_`;
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `${prefix}${++counter}`;
    const evicted: Uint8Array[] = [];
    if (statements.size >= capacity) {
      const [oldest] = statements;
      statements.delete(oldest![0]);
      evicted.push(serialize.close({ type: 'S', name: oldest![1].name }));
    }
    const messages = await client.execProtocolStream(
      concat([
        ...evicted,
        serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: Map keeps insertion order, the first entry is evicted.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const { name, paramTypes, columns } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    // parseResults copies every parser the client knows (hundreds: each type and its array) into
    // a new object when a query brings its own, which Drizzle's do: the query's own few sit in
    // front of the client's instead.
    const parsers: PGlite['parsers'] = options?.parsers
      ? Object.assign(Object.create(client.parsers), options.parsers)
      : client.parsers;
    if (columns) messages.unshift(columns);
    return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0] as Results<T>;
  }

  function query<T>(text: string, params?: unknown[], options?: QueryOptions) {
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options, false)),
    );
  }

  function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return client.transaction((tx) =>
      callback({
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return client._runExclusiveQuery(() => run<R>(text, params, options, true));
        },
        sql: tx.sql,
        exec: tx.exec,
        rollback: tx.rollback,
        listen: tx.listen,
        get closed() {
          return tx.closed;
        },
      }),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the instance, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

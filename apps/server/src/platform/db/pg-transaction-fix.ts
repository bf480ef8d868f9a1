import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type Work = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<unknown>;

let installed = false;

/**
 * drizzle-orm's node-postgres transaction sends BEGIN outside its try/finally: when the
 * connection dies right after it is checked out (pg_terminate_backend, failover), the client is
 * never released, and after DATABASE_POOL_SIZE such deaths every transaction waits forever. This
 * replaces it with the same steps where every path releases the client, and a client whose
 * connection failed is released with the error so the pool destroys it instead of reusing it.
 */
export function installPgTransactionFix(): void {
  if (installed) return;
  installed = true;
  const proto = NodePgSession.prototype as unknown as {
    client: pg.Pool | pg.PoolClient;
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
    transaction(work: Work, config?: PgTransactionConfig): Promise<unknown>;
  };
  const original = proto.transaction;
  proto.transaction = async function transaction(this: typeof proto, work, config) {
    if (!('totalCount' in this.client)) return original.call(this, work, config);
    const client = await this.client.connect();
    const session = new NodePgSession(client, this.dialect, this.schema, this.options);
    const tx = new NodePgTransaction(this.dialect, session, this.schema);
    let failure: Error | undefined;
    try {
      // BEGIN, COMMIT and ROLLBACK go to the connection as they are: Drizzle would build each
      // as a query, with its result mapping, for every transaction.
      if (config) {
        const settings = tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL };
        await tx.execute(sql`begin ${settings.getTransactionConfigSQL(config)}`);
      } else {
        await client.query('begin');
      }
      try {
        const result = await work(tx as never);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          failure = rollbackError;
        });
        throw error;
      }
    } catch (error) {
      failure ??= isConnectionError(error) ? (error as Error) : undefined;
      throw error;
    } finally {
      client.release(failure);
    }
  };
}

/** Errors that mean the connection itself is gone, not that a statement was refused. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return (
    code.startsWith('57P') ||
    code.startsWith('08') ||
    /terminat|Connection|ECONNRESET|EPIPE/i.test((error as Error).message ?? '')
  );
}

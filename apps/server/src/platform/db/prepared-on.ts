import type { Db, Tx } from './client.js';

/**
 * Runs a statement prepared on the database (Drizzle's `.prepare(name)`) on another executor's
 * connection, usually a transaction's: the same SQL text, parameters and result mapping, built
 * once. Drizzle ties a prepared statement to the session it was made on, so without this a
 * statement inside a transaction is built again on every call (its query text, its parameter
 * list and a result mapper), which on the chat's path was a quarter of what a message allocated.
 *
 * Both drivers' prepared statements read their connection from `client` on every run, and every
 * session keeps its connection in `client`; Drizzle marks both internal, as it does the session.
 */
export function preparedOn<Statement extends object>(statement: Statement, executor: Db | Tx) {
  const { session } = executor as unknown as { session: { client: unknown } };
  return Object.create(statement, { client: { value: session.client } }) as Statement;
}

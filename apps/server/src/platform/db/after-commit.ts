import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

// client.ts opens databases with this: its Db type would make an import cycle.
type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Effects waiting for the COMMIT of the transaction they were registered in. */
const pending = new WeakMap<object, (() => void)[]>();

/**
 * Makes `db.transaction` run the effects registered with `afterCommit` once it has committed, and
 * drop them when it rolls back. Done once per database, when it is opened.
 */
export function trackCommits(db: Db): void {
  const run = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const effects: (() => void)[] = [];
    const result = await run((tx) => {
      pending.set(tx, effects);
      return work(tx);
    }, config);
    for (const effect of effects) effect();
    return result;
  }) as Db['transaction'];
}

/**
 * Runs `effect` once what was just written through `exec` is committed: at once for a statement
 * of its own, after the COMMIT inside a transaction, never after a rollback. A counter of what was
 * written (gems credited, spent) must not count a spend whose caller then rolled it back — the
 * chat's daily cap refuses after charging, and an unlock that lost a race gives its spend back.
 * A transaction of a database opened without `trackCommits` runs it at once.
 */
export function afterCommit(exec: Db | Tx, effect: () => void): void {
  const queue = exec instanceof PgTransaction ? pending.get(exec) : undefined;
  if (queue) queue.push(effect);
  else effect();
}

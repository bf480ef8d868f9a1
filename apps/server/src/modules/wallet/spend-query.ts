import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import { type EntryJson, type EntryRow, type Exec, entryFromJson } from './queries.js';

/**
 * A spend in ONE statement, without a transaction or a lock: it reads the wallet, the entry
 * already written under the idempotency key, the open lots and (for an unlock) the price and the
 * unlock already held, and — only when all of that allows it — debits the wallet, takes from the
 * lots that expire soonest, writes the ledger entry and the unlock row.
 *
 * Why this is safe without a lock: every change of a user's gems updates their `wallets` row, so
 * the row's `xmin` (the transaction that last wrote it) is a version of the whole wallet. The
 * debit is a compare-and-set on the `xmin` this statement read: a spend that committed after this
 * statement's snapshot makes PostgreSQL re-check the newest row version, which no longer matches,
 * and then nothing at all is written (the lots, entry and unlock hang off the debit's RETURNING).
 * The caller reads `conflict` and tries again. One statement is atomic, so a unique-index
 * violation (a racing request with the same key or target) undoes all of it too.
 */
export interface SpendStatement {
  userId: number;
  /** The gems to take, or a scalar subquery giving the price (null when nothing can be bought). */
  amount: number | SQL;
  type: string;
  ref: string;
  idempotencyKey: string;
  now: Date;
  /** Buy this target with the spend (one row in `unlocks`, unique per user, kind and target). */
  unlock?: { kind: string; gameId: number; targetId: number };
}

export interface SpendOutcome {
  /** Null when the subquery found nothing to buy. */
  amount: number | null;
  hasWallet: boolean;
  /** Gems in live lots when the statement began. */
  live: number;
  /** Expired lots still hold gems: the caller sweeps them under the lock first. */
  hasExpired: boolean;
  prior: EntryRow | null;
  /** The unlock this user already holds, with the entry that paid for it. */
  held: { entry: EntryRow } | null;
  /** What this statement wrote; null when it wrote nothing. */
  entry: EntryRow | null;
}

/**
 * The request hash of wallet-service's `requestHash` computed by the database, for spends whose
 * amount the database decides (an unlock's price): base64url of sha256("type\namount\nref").
 */
function requestHashSql(type: string, amount: SQL, ref: string): SQL {
  return sql`translate(rtrim(encode(sha256(convert_to(${type}::text || chr(10) || (${amount})::text || chr(10) || ${ref}::text, 'UTF8')), 'base64'), '='), '+/', '-_')`;
}

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement: on PostgreSQL each connection plans it once
 * (planning this CTE costs about as much as running it); PGlite ignores the name. The name is a
 * hash of the text, which differs between a spend, an unlock and each price query.
 */
function runPrepared(exec: Exec, statement: SQL): Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  const name = `wallet_spend_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
  // Drizzle marks `session` internal; it is the public way to a named query for raw SQL.
  const { session } = exec as unknown as { session: PgSession };
  return session.prepareQuery(query, undefined, name, false).execute();
}

/** The statement itself; `requestHash` null lets the database hash what it priced. */
export function spendSql(s: SpendStatement, requestHash: string | null): SQL {
  const amount = typeof s.amount === 'number' ? sql`${s.amount}::bigint` : sql`(${s.amount})`;
  const hash =
    requestHash !== null
      ? sql`${requestHash}::text`
      : requestHashSql(s.type, sql`-st.amount`, s.ref);
  const u = s.unlock;
  return sql`
    with
      wallet as (select balance, xmin::text as version from wallets where user_id = ${s.userId}),
      lots as (
        select id, remaining, expires_at,
          sum(remaining) over (order by expires_at, id) - remaining as before
        from gem_lots
        where user_id = ${s.userId} and remaining > 0 and expires_at > ${s.now}::timestamptz
      ),
      ${
        u
          ? sql`held as (
        select e.* from unlocks h join wallet_entries e on e.id = h.entry_id
        where h.user_id = ${s.userId} and h.kind = ${u.kind} and h.target_id = ${u.targetId}
      ),`
          : sql`held as (select * from wallet_entries where false),`
      }
      prior as (
        select * from wallet_entries
        where user_id = ${s.userId} and idempotency_key = ${s.idempotencyKey}
      ),
      st as (
        select ${amount} as amount,
          (select version from wallet) as version,
          (select balance from wallet) as balance,
          (select coalesce(sum(remaining), 0) from lots) as live,
          exists (
            select 1 from gem_lots
            where user_id = ${s.userId} and remaining > 0 and expires_at <= ${s.now}::timestamptz
          ) as has_expired,
          exists (select 1 from prior) or exists (select 1 from held) as settled
      ),
      debit as (
        update wallets w set balance = w.balance - st.amount, updated_at = ${s.now}::timestamptz
        from st
        where w.user_id = ${s.userId} and w.xmin::text = st.version
          and st.amount > 0 and not st.settled and not st.has_expired and st.live >= st.amount
        returning w.balance as balance_after
      ),
      taken as (
        update gem_lots l set remaining = l.remaining - least(l.remaining, st.amount - lots.before)
        from lots, st, debit
        where l.id = lots.id and lots.before < st.amount
      ),
      entry as (
        insert into wallet_entries
          (user_id, type, amount, balance_after, ref, idempotency_key, request_hash, created_at)
        select ${s.userId}::bigint, ${s.type}::text, -st.amount, debit.balance_after,
          ${s.ref}::text, ${s.idempotencyKey}::text, ${hash}, ${s.now}::timestamptz
        from debit, st
        returning *
      )${
        u
          ? sql`,
      bought as (
        insert into unlocks (user_id, kind, game_id, target_id, price, entry_id, created_at)
        select ${s.userId}::bigint, ${u.kind}::text, ${u.gameId}::bigint, ${u.targetId}::bigint,
          -entry.amount, entry.id, ${s.now}::timestamptz
        from entry
      )`
          : sql``
      }
    select st.amount, st.version is not null as has_wallet, st.live, st.has_expired,
      (select row_to_json(p) from prior p) as prior,
      (select row_to_json(h) from held h) as held,
      (select row_to_json(e) from entry e) as entry
    from st`;
}

export async function spendInOneStatement(
  exec: Exec,
  s: SpendStatement,
  requestHash: string | null,
): Promise<SpendOutcome> {
  const result = await runPrepared(exec, spendSql(s, requestHash));
  const row = (
    result as unknown as {
      rows: {
        amount: string | number | null;
        has_wallet: boolean;
        live: string | number;
        has_expired: boolean;
        prior: EntryJson | null;
        held: EntryJson | null;
        entry: EntryJson | null;
      }[];
    }
  ).rows[0]!;
  return {
    amount: row.amount === null ? null : Number(row.amount),
    hasWallet: row.has_wallet,
    live: Number(row.live),
    hasExpired: row.has_expired,
    prior: row.prior ? entryFromJson(row.prior) : null,
    held: row.held ? { entry: entryFromJson(row.held) } : null,
    entry: row.entry ? entryFromJson(row.entry) : null,
  };
}

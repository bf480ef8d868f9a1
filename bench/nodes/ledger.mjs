// After the spends of two nodes on one database: the ledger still adds up. A throughput figure
// from nodes that lost or doubled a spend would be worth nothing.
import pg from 'pg';

/** Throws when a wallet, its entries, its lots and its unlocks disagree; else says what held. */
export async function checkLedger(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`
      with entries as (
        select user_id, sum(amount) as total, count(*) filter (where amount < 0) as spends
        from wallet_entries group by user_id
      ), lots as (
        select user_id, sum(remaining) as remaining from gem_lots group by user_id
      ), bought as (
        select user_id, count(*) as unlocks from unlocks group by user_id
      )
      select
        count(*)::int as wallets,
        coalesce(sum(e.spends), 0)::bigint as spends,
        count(*) filter (
          where w.balance <> e.total
             or w.balance <> coalesce(l.remaining, 0)
             or e.spends <> coalesce(b.unlocks, 0)
        )::int as broken
      from wallets w
      join entries e using (user_id)
      left join lots l using (user_id)
      left join bought b using (user_id)`);
    const { wallets, spends, broken } = rows[0];
    if (broken > 0) throw new Error(`${broken} of ${wallets} wallets disagree with their ledger`);
    return `${spends} spends over ${wallets} wallets; every balance equals its entries' sum and its lots' remainder, one unlock per spend`;
  } finally {
    await client.end();
  }
}

// Global setup of the server-postgres Vitest project: makes sure a PostgreSQL is running.
// scripts/test.mjs starts one first and passes TEST_DATABASE_URL; a developer running
// `npx vitest run --project server-postgres` gets one started (and stopped) here.
import { ensurePostgres, stopPostgres } from './ensure-postgres.mjs';

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const { url, started } = await ensurePostgres();
  process.env.TEST_DATABASE_URL = url;
  return () => {
    if (started) stopPostgres();
  };
}

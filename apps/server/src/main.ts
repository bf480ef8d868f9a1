import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { asPortTaken, ensurePortsFree } from './platform/http/ports-free.js';

/** Milliseconds since the process started, to the tenth. */
const sinceStart = () => Math.round(performance.now() * 10) / 10;

// The configuration is read, and the ports tried, before the app's modules load (a second or
// more): a start it refuses says why at once. Then the database opens while the app's modules
// load: its file reads and its engine's compilation run on other threads while this one compiles
// our modules.
async function main(): Promise<void> {
  const config = loadConfig();
  await ensurePortsFree(config.HOST, [config.PORT, config.STUDIO_PORT]);
  const timings = { modulesMs: 0, databaseMs: 0 };
  const [database, { serve }] = await Promise.all([
    import('./platform/db/client.js')
      .then(({ openDatabase }) => openDatabase(config.database))
      .finally(() => {
        timings.databaseMs = sinceStart();
      }),
    import('./serve.js').finally(() => {
      timings.modulesMs = sinceStart();
    }),
  ]);
  await serve(config, { database, ...timings });
}

main().catch((error: unknown) => {
  const said = error instanceof ConfigError || error instanceof DataDirLockedError;
  const taken = asPortTaken(error);
  console.error(said ? error.message : taken ? taken.message : error);
  process.exit(1);
});

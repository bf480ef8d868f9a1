import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';

/** Milliseconds since the process started, to the tenth. */
const sinceStart = () => Math.round(performance.now() * 10) / 10;

// The configuration is read before the app's modules load (a second or more): a start it refuses
// says why at once. Then the database opens while the app's modules load: the database's file
// reads and its engine's compilation run on other threads while this one compiles our modules.
async function main(): Promise<void> {
  const config = loadConfig();
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

/** A port another program holds: said as what to do, not as a stack trace. */
function portTaken(error: unknown): string | null {
  const { code, port } = error as { code?: string; port?: number };
  if (code !== 'EADDRINUSE') return null;
  return (
    `Port ${port} is already in use (another Taleforge, or another program). Stop it, or start ` +
    `on free ports, for example: PORT=8090 STUDIO_PORT=8091 npm start`
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (portTaken(error)) {
    console.error(portTaken(error));
  } else {
    console.error(error);
  }
  process.exit(1);
});

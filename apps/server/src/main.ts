import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';

// The configuration is read before the app's modules load (a few CPU seconds): a start it refuses
// says why at once.
async function main(): Promise<void> {
  const config = loadConfig();
  const { serve } = await import('./serve.js');
  await serve(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

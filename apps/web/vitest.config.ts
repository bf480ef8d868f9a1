import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    // Absolute root so the config also works when vitest is started from the repository root.
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      // A page test renders, signs in and types lines through real timers: seconds on two busy
      // cores (the journeys run beside Vitest), though well under one on a quiet machine.
      testTimeout: 15_000,
      unstubGlobals: true,
      // One jsdom per worker, not per file: measured 92 → 19 CPU-s; src/test/setup.ts resets.
      isolate: false,
    },
  }),
);

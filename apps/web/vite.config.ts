import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The server serves the built SPA and the API from one origin; in dev we forward API calls to it,
// on the PORT it listens on.
const apiProxy = {
  '/taleforge': { target: `http://localhost:${process.env.PORT || 8080}`, changeOrigin: true },
};

// React Router's package exports name only its development build, warnings and all
// (remix-run/react-router#12532); production builds take the production files it also ships.
const reactRouterProduction = (file: string) =>
  fileURLToPath(
    new URL(`dist/production/${file}`, import.meta.resolve('react-router/package.json')),
  );

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
    // `taleforge-source` makes @taleforge/contracts resolve to its TypeScript source, so no prior build is needed.
    conditions: ['taleforge-source', ...defaultClientConditions],
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: {
      // Every browser we support has native modulepreload; the polyfill would be dead weight.
      polyfill: false,
      // Start-up preloads the app chunk's imports in parallel. Screens and modals preload only
      // their CSS: a failed JS preload is retried silently by the import itself, which would
      // hide a replaced deployment; without it the import fails and the router reloads (SPEC §2).
      resolveDependencies: (filename, deps) =>
        /(^|\/)mount-[\w-]+\.js$/.test(filename)
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
}));

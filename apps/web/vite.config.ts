import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The server serves the built SPA and the API from one origin; in dev we forward API calls to it.
const apiProxy = { '/taleforge': { target: 'http://localhost:8080', changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `source` makes @taleforge/contracts resolve to its TypeScript source, so no prior build is needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we support has native modulepreload; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
  },
});

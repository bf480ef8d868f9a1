import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The studio is its own origin; it calls the player site's API across origins (CORS), as it does
// in production. Under `vite dev` that API is the local server.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // `taleforge-source` makes @taleforge/contracts resolve to its TypeScript source.
    conditions: ['taleforge-source', ...defaultClientConditions],
  },
  server: { port: 5174 },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});

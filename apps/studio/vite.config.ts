import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// React Router's package exports name only its development build (remix-run/react-router#12532);
// production builds take the production files it also ships, as the player site does.
const reactRouterProduction = (file: string) =>
  fileURLToPath(
    new URL(`dist/production/${file}`, import.meta.resolve('react-router/package.json')),
  );

/**
 * Under `vite dev`, the configuration the server gives a built studio (platform/http/studio-site),
 * for the local server: PUBLIC_URL, else the PORT it listens on, as the server itself derives it.
 */
function localServerConfig(): Plugin {
  const playerUrl = new URL(
    process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 8080}`,
  ).origin;
  const json = JSON.stringify({
    apiBase: `${playerUrl}/${process.env.PRODUCT_SLUG || 'taleforge'}`,
    playerUrl,
    environment: 'development',
  });
  return {
    name: 'taleforge-local-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<!--taleforge-config-->',
        `<script id="taleforge-config" type="application/json">${json}</script>`,
      ),
  };
}

// The studio is its own origin; it calls the player site's API across origins (CORS), as it does
// in production. Under `vite dev` that API is the local server.
export default defineConfig(({ mode }) => ({
  plugins: [react(), localServerConfig()],
  resolve: {
    alias:
      mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction('index.mjs') }]
        : [],
    // `taleforge-source` makes @taleforge/contracts resolve to its TypeScript source.
    conditions: ['taleforge-source', ...defaultClientConditions],
  },
  server: { port: 5174 },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
}));

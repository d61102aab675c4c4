import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The GraphQL explorer (web/explorer/): its own build into dist/explorer/, after the app's build (which
// empties dist/). The server serves it at GET /graphql to browsers when QUIRE_GRAPHQL_EXPLORER is on.
export default defineConfig({
  root: fileURLToPath(new URL('./explorer', import.meta.url)),
  // Served by the app's static files under /explorer/ (404 while the explorer is off).
  base: '/explorer/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/explorer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Monaco (GraphiQL's editor) is large; this page is for integrators, never part of the app's first screen.
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      // GraphiQL's packages carry React-compiler directives ("use no memo") that bundling drops: harmless.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});

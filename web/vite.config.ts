import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards every server route to a Quire API started with `npm run dev` (port 4000).
const api = 'http://127.0.0.1:4000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // One ~840 kB (~260 kB gzip) bundle today: Mantine, Apollo and graphql-js. The md-editor, when it
    // arrives, is lazy-loaded in its own chunk (STACK.md).
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, ws: true, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      '/server': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
    },
  },
});

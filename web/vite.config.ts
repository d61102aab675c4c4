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
    // scripts/bundle-report.mjs reads it: the JavaScript each screen loads first, and the item list's budget.
    manifest: true,
    // The entry chunk holds React, Apollo, the router, i18next and the Mantine base (~850 kB, ~240 kB gzip);
    // every screen, the md-editor and the markdown renderer load lazily in their own chunks (STACK.md).
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically loads with every screen anyway: keep it in one chunk.
            // Without this group, automatic splitting cuts ~40 slivers out of it (one per set of lazy
            // screens sharing a module), which costs the first screen ~20 kB gzipped and as many requests.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The icons of all screens in one small chunk (~4 kB gzipped) instead of a chunk per icon.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
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

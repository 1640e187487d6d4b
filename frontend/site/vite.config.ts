import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Absolute paths so `vite build --config frontend/site/vite.config.ts` works from the repository root.
const siteRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  root: siteRoot,
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/feed.xml': backend,
      '/feed.atom': backend,
      '/sitemap.xml': backend,
      '/robots.txt': backend,
      '/embed': backend,
      '/healthz': backend,
      '^/sitemap-.*\\.xml$': backend,
      '^/(unsubscribe|alerts/confirm)/': backend,
    },
  },
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Absolute paths so `vite build --config frontend/site/vite.config.ts` works from the repository root.
const siteRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:3000';
const siteSource = fileURLToPath(new URL('./src/', import.meta.url));
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/', import.meta.url),
);

/**
 * React Router lives only in the back office's chunk (the public site has its own router,
 * src/lib/router.tsx; react-admin needs React Router, see src/app/admin-app.tsx). Its package exports name
 * only its development build (remix-run/react-router#12532, #14102): a production build takes the
 * production one, smaller and without development checks.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return `${reactRouterProduction}index.mjs`;
      if (source === 'react-router/dom') return `${reactRouterProduction}dom-export.mjs`;
      return null;
    },
  };
}

const lucideIcons = `${path.sep}lucide-react${path.sep}dist${path.sep}esm${path.sep}icons${path.sep}`;
const lucideRuntime = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));
const lucideServerRuntime = fileURLToPath(new URL('./src/lib/lucide-icon.server.ts', import.meta.url));

/**
 * Every lucide icon module builds its component with the package's createLucideIcon; in a build they get
 * src/lib/lucide-icon.ts instead: the same markup with ~1 KB gzip less runtime on every page (issue 23).
 * The server build takes src/lib/lucide-icon.server.ts: the same bytes, the shapes written once per icon (issue 23
 * §6), so hydration matches.
 */
function lucideIconRuntime(ssr: boolean): Plugin {
  return {
    name: 'site-lucide-icon-runtime',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../createLucideIcon.mjs' || !importer?.includes(lucideIcons)) return null;
      return ssr ? lucideServerRuntime : lucideRuntime;
    },
  };
}

/**
 * The server build renders public pages only: the back office (react-admin, MUI) and the API reference
 * (Scalar, lazy in its page) never render on the server, so they are stubs there instead of megabytes
 * of bundle and a minute of build.
 */
function serverStubs(): Plugin {
  const stubs: Record<string, string> = {
    './admin-app': 'export default function AdminApp() { return null; }',
    '../../features/developers/components/api-reference':
      'export default function ApiReference() { return null; }',
  };
  return {
    name: 'site-server-stubs',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    enforce: 'pre',
    resolveId(source, importer) {
      return importer?.startsWith(siteSource) && source in stubs ? `\0stub:${source}` : null;
    },
    load(id) {
      return id.startsWith('\0stub:') ? stubs[id.slice('\0stub:'.length)] : null;
    },
  };
}

/**
 * Writes file.br and file.gz beside every compressible file of the build, at the highest levels, for the
 * server to send as they are (backend/src/http/site.ts): smaller than on-the-fly compression, and no CPU
 * per request. Files under 1 KB stay plain, as koa-compress would leave them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'site-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (
          !/\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/.test(file) ||
          file.includes(`${path.sep}.vite${path.sep}`)
        )
          continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        const br = brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const clientBuild = {
  outDir: fileURLToPath(new URL('./dist', import.meta.url)),
  emptyOutDir: true,
  // Read by the server to preload each route's chunks with its HTML (backend/src/http/site.ts).
  manifest: true,
  // No modulepreload polyfill and no preload helper around dynamic imports (issue 23: ~1 KB gzip of every
  // page's first view). The server asks for a page's chunks itself (its modulepreloads after the first
  // paint, backend/src/http/site.ts, from the manifest); a later navigation's route chunk brings its own
  // imports in one more round trip.
  modulePreload: false as const,
};

/**
 * `vite build --ssr` (scripts/build-if-needed.ts, after the client build): src/entry-server.tsx for Node, in
 * dist-ssr/ (never served), imported by backend/src/http/site.ts to render each page's HTML.
 */
const serverBuild = {
  outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
  emptyOutDir: true,
  copyPublicDir: false,
  // dist-ssr/.vite/manifest.json names the hashed entry: a rebuild while the server runs makes new files,
  // which the server imports afresh (one URL per module, so the chunks share the entry's React contexts).
  manifest: true,
  rollupOptions: {
    input: fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)),
    output: { entryFileNames: '[name]-[hash].js' },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: siteRoot,
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    reactRouterProductionBuild(),
    lucideIconRuntime(isSsrBuild === true),
    serverStubs(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  build: isSsrBuild ? serverBuild : clientBuild,
  // The server build carries its packages, React's production build among them (whatever NODE_ENV the
  // server runs with): no second copy of a context, no development-mode checks on each render.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true, target: 'node' as const },
        define: { 'process.env.NODE_ENV': '"production"' },
      }
    : {}),
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
}));

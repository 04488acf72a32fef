import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { minifiedLateStart } from './render/late-start-build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist-server`;

/**
 * The production server: `server/index.ts` and what it imports from `src/lib`, bundled by Vite's SSR
 * build (the same Rolldown the app is built with; the server-rendered app joins this build) into one
 * ES module run by plain `node`. Packages stay in node_modules (sharp and libSQL ship native
 * binaries); the SQL migrations are copied beside the bundle, where the database client looks.
 */
export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  ssr: { target: 'node' },
  // The start-up script every page carries inline, minified (render/late-start.ts): the server's own
  // code stays unminified for its stack traces and logs.
  define: { __LATE_START_SOURCE__: JSON.stringify(minifiedLateStart()) },
  build: {
    ssr: 'server/start.ts',
    outDir,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      // One file: the database client finds the migrations beside it (import.meta.url).
      output: { entryFileNames: 'index.js', format: 'es', codeSplitting: false },
    },
  },
  plugins: [
    {
      // The worker's registration exists in the browser only (see no-service-worker.ts).
      name: 'no-service-worker-on-the-server',
      resolveId: (id) => (id === 'virtual:pwa-register/react' ? `${root}server/render/no-service-worker.ts` : null),
    },
    {
      name: 'copy-migrations',
      apply: 'build',
      writeBundle() {
        rmSync(`${outDir}/migrations`, { recursive: true, force: true });
        cpSync(`${root}server/db/migrations`, `${outDir}/migrations`, { recursive: true });
      },
    },
  ],
});

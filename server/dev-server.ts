/**
 * The server of `npm run dev` (started and restarted by server/dev.ts): the real server, with Vite's
 * dev server in middleware mode inside it. Pages are rendered by Vite's current modules
 * (ssrLoadModule, as TanStack Router's SSR examples do) and hydrated by its client, with hot module
 * replacement: an edited component updates the open page and keeps its state.
 */
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startServer } from './main';
import type { ClientFiles } from './render/client-manifest';
import type { RenderModule } from './render/page-routes';

process.env.NODE_ENV ??= 'development';
const root = fileURLToPath(new URL('..', import.meta.url));
const { createServer } = await import('vite');
type ViteDevServer = Awaited<ReturnType<typeof createServer>>;
let vite: ViteDevServer | undefined;
const ready = () => {
  if (!vite) throw new Error('Vite is not started yet');
  return vite;
};

/** The scripts Vite puts in a page: its client and React Fast Refresh's preamble. */
async function devScripts(): Promise<ClientFiles> {
  const html = await ready().transformIndexHtml('/', '<html><head></head><body></body></html>');
  const scripts: { attrs: Record<string, string>; children?: string }[] = [];
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([a-z-]+)="([^"]*)"/g)].map((pair) => [pair[1] ?? '', pair[2] ?? '']),
    );
    scripts.push(match[2]?.trim() ? { attrs, children: match[2] } : { attrs });
  }
  scripts.push({ attrs: { type: 'module', src: '/src/entry-client.tsx' } });
  return { manifest: { routes: { __root__: { scripts } } }, startUpScript: '' };
}

await startServer({
  dev: {
    rendering: {
      load: async () => (await ready().ssrLoadModule('/src/entry-server.tsx')) as RenderModule,
      files: devScripts,
    },
    middleware: (request, response, next) => ready().middlewares(request, response, next),
    async attach(server: Server) {
      vite = await createServer({
        root,
        configFile: `${root}vite.config.ts`,
        appType: 'custom',
        server: { middlewareMode: true, hmr: { server } },
        logLevel: 'warn',
      });
    },
  },
});

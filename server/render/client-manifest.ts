import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerManifest } from '../../src/entry-server';
import { lateStartScript } from './late-start';

/** Vite's build manifest: one record per emitted chunk or asset, keyed by source. */
type ViteManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[]; assets?: string[] }
>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';

/**
 * Reads the built client's manifest (dist/.vite/manifest.json) into the router's manifest. The root
 * route carries the one stylesheet (about 10 KB gzipped, cached for a year under its hashed name: kept
 * out of the page, where it would make every page 10 KB heavier and every HTML answer slower) and the
 * inline start-up script (late-start.ts). Once the page's main photo shows, that script adds the entry
 * and a modulepreload for each chunk the entry imports statically, so they come in parallel rather than
 * one after another. Route chunks load as the router needs them.
 */
export function routerManifestFrom(manifest: ViteManifest): ServerManifest {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client build has no entry ${CLIENT_ENTRY}: run npm run build`);
  const preloads: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      const chunk = manifest[imported];
      if (chunk) preloads.push(`/${chunk.file}`);
      visit(imported);
    }
  };
  visit(CLIENT_ENTRY);
  const stylesheets = [...(entry.css ?? []), ...(manifest['style.css'] ? [manifest['style.css'].file] : [])];
  const files = [...new Set(stylesheets)];
  return {
    routes: {
      __root__: {
        css: files.map((file) => ({ href: `/${file}` })),
        scripts: [{ children: lateStartScript(`/${entry.file}`, preloads) }],
      },
    },
  };
}

/** The router manifest of the client built into distDir; null when it is not built. */
export function readRouterManifest(distDir: string): ServerManifest | null {
  try {
    const text = readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8');
    return routerManifestFrom(JSON.parse(text) as ViteManifest);
  } catch {
    return null;
  }
}

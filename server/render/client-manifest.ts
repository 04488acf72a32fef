import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerManifest } from '../../src/entry-server';

/** Vite's build manifest: one record per emitted chunk or asset, keyed by source. */
type ViteManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[]; assets?: string[] }
>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';

/**
 * Reads the built client's manifest (dist/.vite/manifest.json) into the router's manifest: the root
 * route carries the entry script, a modulepreload for each chunk it imports statically (so the
 * browser fetches them in parallel, not one after another), and the one stylesheet. Route chunks load
 * as the router needs them.
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
  return {
    routes: {
      __root__: {
        preloads,
        css: [...new Set(stylesheets)].map((file) => ({ href: `/${file}` })),
        scripts: [{ attrs: { type: 'module', src: `/${entry.file}` } }],
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

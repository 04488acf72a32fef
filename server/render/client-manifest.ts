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

/** What a page needs of the built client: the router's manifest and the start-up script. */
export interface ClientFiles {
  manifest: ServerManifest;
  /**
   * The inline start-up script (late-start.ts). Once the page's main photo shows, it adds the entry and
   * a modulepreload for each chunk the entry imports statically, so they come in parallel rather than
   * one after another. It is rendered by the root document (`StartUpScript`), not listed in the
   * manifest: the router sends its manifest to the browser inside the page, which would then carry
   * the script's 4.7 KB twice.
   */
  startUpScript: string;
}

/**
 * Reads the built client's manifest (dist/.vite/manifest.json). The root route carries the one
 * stylesheet (about 10 KB gzipped, cached for a year under its hashed name: kept out of the page,
 * where it would make every page 10 KB heavier and every HTML answer slower). Route chunks load as the
 * router needs them.
 */
export function clientFilesFrom(manifest: ViteManifest): ClientFiles {
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
    manifest: { routes: { __root__: { css: files.map((file) => ({ href: `/${file}` })) } } },
    startUpScript: lateStartScript(`/${entry.file}`, preloads),
  };
}

/** What pages need of the client built into distDir; null when it is not built. */
export function readClientFiles(distDir: string): ClientFiles | null {
  try {
    const text = readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8');
    return clientFilesFrom(JSON.parse(text) as ViteManifest);
  } catch {
    return null;
  }
}

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { brotliText, COMPRESS_MIN_BYTES, gzipText } from './compress.ts';

/**
 * The built app's text files are compressed once, at build time, at the highest settings (brotli
 * quality 11: the entry chunk is 76 KB against 82 KB at the quality 9 a server can afford per
 * request), and written beside each file. The server sends them as they are (server/routes/static-app.ts).
 */
export const PRECOMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;
/** What is worth compressing: text the browser asks for (source maps are for DevTools, and are not). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

async function compressBest(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([brotliText(body, 'best'), gzipText(body, 'best')]);
  return { br, gzip: gz };
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file in dir (the build's hashed assets,
 * written once; not sw.js, which the PWA plugin may still be writing); resolves with how many.
 */
export async function precompressDir(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(dir, entry.name));
  let written = 0;
  for (const file of files) {
    const body = await readFile(file);
    if (body.length < COMPRESS_MIN_BYTES) continue;
    const { br, gzip: gz } = await compressBest(body);
    await writeFile(file + PRECOMPRESSED_SUFFIX.br, br);
    await writeFile(file + PRECOMPRESSED_SUFFIX.gzip, gz);
    written++;
  }
  return written;
}

/**
 * The build's compressed copies of file, if both are there and no older than it (a file changed
 * after the build, by hand or by another tool, is compressed by the server instead).
 */
export async function readPrecompressed(file: string): Promise<{ br: Buffer; gzip: Buffer } | null> {
  try {
    const [plain, br, gz] = await Promise.all([
      stat(file),
      stat(file + PRECOMPRESSED_SUFFIX.br),
      stat(file + PRECOMPRESSED_SUFFIX.gzip),
    ]);
    if (br.mtimeMs < plain.mtimeMs || gz.mtimeMs < plain.mtimeMs) return null;
    const [brBody, gzBody] = await Promise.all([
      readFile(file + PRECOMPRESSED_SUFFIX.br),
      readFile(file + PRECOMPRESSED_SUFFIX.gzip),
    ]);
    return { br: brBody, gzip: gzBody };
  } catch {
    return null;
  }
}

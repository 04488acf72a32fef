import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Bodies under this many bytes are sent as they are: compressing them gains nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compression off the event loop (libuv's pool), for text, shared by the build's files, the page
 * cache and the answer cache. `'best'` (brotli 11, gzip 9) for what is made once and sent many
 * times: the build's files, a rendered page; a lower brotli quality for what is made on a request.
 */
export function brotliText(body: Buffer, quality: number | 'best'): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality === 'best' ? constants.BROTLI_MAX_QUALITY : quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export function gzipText(body: Buffer, level: number | 'best' = constants.Z_DEFAULT_COMPRESSION): Promise<Buffer> {
  return gzipAsync(body, { level: level === 'best' ? constants.Z_BEST_COMPRESSION : level });
}

import { createRequire } from 'node:module';
import type Sharp from 'sharp';

/**
 * sharp, loaded the first time an image is read or made (a photo uploaded, an email's photos, a PDF's
 * logo), not as the server starts: libvips is about 20 MB a shop that serves its catalogue from
 * memory may never need (issue 63). Called as `sharp(...)`, like the library's own default export.
 */
let loaded: typeof Sharp | undefined;
const load = () => {
  loaded ??= createRequire(import.meta.url)('sharp') as typeof Sharp;
  return loaded;
};

export const sharp = ((...args: Parameters<typeof Sharp>) => load()(...args)) as typeof Sharp;

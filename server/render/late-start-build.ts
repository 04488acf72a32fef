import { minifySync } from 'rolldown/utils';
// Imported by the build's config: its own imports name their files in full (Vite's native config loader).
import { lateStartSource } from './late-start-code.ts';

/**
 * Build time only (server/vite.config.ts, and the unit tests, which run the script both ways): the
 * start-up script's function minified by Rolldown's minifier, names shortened and all. Every page
 * carries it before anything else can be cached, so it goes as small as it can.
 */
export function minifiedLateStart(): string {
  const { code, errors } = minifySync('late-start.js', `export default ${lateStartSource()}`, {
    compress: true,
    mangle: true,
  });
  if (errors.length > 0) throw new Error(`The start-up script did not minify: ${errors[0]?.message}`);
  const source = code
    .trim()
    .replace(/^export default /, '')
    .replace(/;$/, '');
  if (!source.startsWith('function')) throw new Error(`The start-up script minified to an unexpected shape: ${source}`);
  return source;
}

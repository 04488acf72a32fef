import { EARLY_OFFLINE_ATTRIBUTE, EARLY_OFFLINE_ID, OFFLINE_TEXT } from '../../src/lib/connectivity';
import { MAIN_PHOTO } from '../../src/lib/main-photo';
import { type EarlyOffline, lateStartSource } from './late-start-code';

export { lateStartSource };

/*
 * The start-up script as a page carries it: the browser-side function (late-start-code.ts, which
 * says what it does) called with this build's files and the words of its offline note.
 */

/** The longest the app's code waits for the main photo. */
export const START_CAP_MS = 2500;

/** Put in by the server's build: lateStart's source minified (server/vite.config.ts). */
declare const __LATE_START_SOURCE__: string | undefined;

/** The source pages carry: the build's minified one (about 290 bytes less per page), else as written. */
const pageSource = () => (typeof __LATE_START_SOURCE__ === 'string' ? __LATE_START_SOURCE__ : lateStartSource());

/** The inline script's text: lateStart called with this build's entry and the chunks it imports. */
export function lateStartScript(
  entry: string,
  preloads: string[],
  capMs = START_CAP_MS,
  source = pageSource(),
): string {
  const early: EarlyOffline = { text: OFFLINE_TEXT, id: EARLY_OFFLINE_ID, attribute: EARLY_OFFLINE_ATTRIBUTE };
  return `(${source})(${[entry, preloads, capMs, MAIN_PHOTO, early].map((arg) => JSON.stringify(arg)).join(',')})`;
}

/**
 * A page's main photos: what its first screen is for. They are asked for first (`fetchpriority`), and
 * they carry the Element Timing name the start-up script (server/render/late-start.ts) selects them
 * by: Chromium reports when each is on screen, and the app's code is asked for only then.
 */
export const MAIN_PHOTO = 'main-photo';

/**
 * The attributes of a photo that is, or is not, one of the page's main photos. Spread onto the `<img>`.
 * `others` is the priority of the rest: 'low' where they share the first screen with the main photo
 * and would share the line with it too (the home collage's tiles).
 */
export function mainPhoto(
  main: boolean,
  others: 'auto' | 'low' = 'auto',
): { fetchPriority: 'high' | 'auto' | 'low'; elementtiming?: string } {
  return main ? { fetchPriority: 'high', elementtiming: MAIN_PHOTO } : { fetchPriority: others };
}

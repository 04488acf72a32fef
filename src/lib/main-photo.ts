/**
 * A page's main photos: what its first screen is for. They are asked for first (`fetchpriority`), and
 * they carry the Element Timing name the start-up script (server/render/late-start.ts) selects them
 * by: Chromium reports when each is on screen, and the app's code is asked for only then.
 */
export const MAIN_PHOTO = 'main-photo';

/** The attributes of a photo that is, or is not, one of the page's main photos. Spread onto the `<img>`. */
export function mainPhoto(main: boolean): { fetchPriority: 'high' | 'auto'; elementtiming?: string } {
  return main ? { fetchPriority: 'high', elementtiming: MAIN_PHOTO } : { fetchPriority: 'auto' };
}

/**
 * The attribute a page's main photos (those with `fetchpriority="high"`) carry for the start-up script
 * (server/render/late-start.ts): with Element Timing, Chromium reports when each is on screen, and the
 * app's code is asked for only then. Spread onto the `<img>`; React writes it as it stands.
 */
export const MAIN_PHOTO_TIMING = { elementtiming: 'main-photo' } as Record<string, string>;

/** The attributes of a photo that is, or is not, one of the page's main photos. */
export const mainPhoto = (main: boolean) => (main ? MAIN_PHOTO_TIMING : undefined);

import type { Box, CollageImage } from './collage-data';

/** Spec section 2: up to 480 mobile, up to 768 small tablet, up to 1024 tablet, otherwise desktop. */
export type CollageVariant = 'mobile' | 'smallTablet' | 'tablet' | 'desktop';

export const BREAKPOINTS = { mobile: 480, smallTablet: 768, tablet: 1024 } as const;
/** Spec section 9: the collage waits 100 ms after the last resize before laying out again. */
export const RESIZE_DEBOUNCE_MS = 100;
/** Spec section 4: the overlay hides 500 ms after the last image; the first 5 images load eagerly. */
export const LOADER_HIDE_DELAY_MS = 500;
export const EAGER_IMAGES = 5;
/** Spec section 9: with no default size, the longest side fits 400. */
export const DEFAULT_FIT = 400;

/** Design size of each layout's container; the collage is scaled to the viewport's width. */
export const CONTAINERS: Record<CollageVariant, { width: number; height: number }> = {
  mobile: { width: 480, height: 1230 },
  smallTablet: { width: 768, height: 1060 },
  tablet: { width: 1024, height: 880 },
  desktop: { width: 1600, height: 1200 },
};

export function variantFor(width: number): CollageVariant {
  if (width <= BREAKPOINTS.mobile) return 'mobile';
  if (width <= BREAKPOINTS.smallTablet) return 'smallTablet';
  if (width <= BREAKPOINTS.tablet) return 'tablet';
  return 'desktop';
}

/** Spec section 2: the collage uses the mobile layout (a tall, scrolling arrangement) up to 768. */
export function usesMobileLayout(width: number): boolean {
  return width <= BREAKPOINTS.smallTablet;
}

/** Spec section 9: scales the longest side to at most 400, keeping the aspect ratio. */
export function defaultFit(natural: { width: number; height: number }, max = DEFAULT_FIT) {
  const longest = Math.max(natural.width, natural.height);
  if (longest <= max || longest === 0) return { width: natural.width, height: natural.height };
  const ratio = max / longest;
  return { width: Math.round(natural.width * ratio), height: Math.round(natural.height * ratio) };
}

/** An image's box in a layout: the desktop defaults, or that layout's own variant. */
export function boxFor(image: CollageImage, variant: CollageVariant, natural = { width: 500, height: 500 }): Box {
  if (variant !== 'desktop') return image[variant];
  const size = image.defaultSize.width > 0 && image.defaultSize.height > 0 ? image.defaultSize : defaultFit(natural);
  return { position: image.defaultPosition, size };
}

/** CSS of a box as percentages of its container, so the collage scales with the viewport alone. */
export function boxStyle(box: Box, variant: CollageVariant) {
  const { width, height } = CONTAINERS[variant];
  const pct = (value: number, of: number) => `${((value / of) * 100).toFixed(4)}%`;
  return {
    left: pct(box.position.x, width),
    top: pct(box.position.y, height),
    width: pct(box.size.width, width),
    height: pct(box.size.height, height),
  };
}

/** The layouts from the narrowest, with the widest viewport each takes (the last takes the rest). */
const LAYOUTS: [CollageVariant, number | null][] = [
  ['mobile', BREAKPOINTS.mobile],
  ['smallTablet', BREAKPOINTS.smallTablet],
  ['tablet', BREAKPOINTS.tablet],
  ['desktop', null],
];

/**
 * An image's box in every layout, as CSS variables (--mobile-left, --desktop-width, …): the
 * stylesheet picks the layout by the viewport's width, so the page the server sends is laid out right
 * before any script runs, and hydrating it changes nothing on screen.
 */
export function responsiveBoxVars(image: CollageImage): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [variant] of LAYOUTS) {
    const style = boxStyle(boxFor(image, variant), variant);
    for (const [name, value] of Object.entries(style)) vars[`--${variant}-${name}`] = value;
  }
  return vars;
}

/** The image's `sizes`: its width in each layout, as a share of the viewport. */
export function responsiveSizes(image: CollageImage): string {
  return LAYOUTS.map(([variant, maxWidth]) => {
    const share = `${Math.round((boxFor(image, variant).size.width / CONTAINERS[variant].width) * 100)}vw`;
    return maxWidth === null ? share : `(max-width: ${maxWidth}px) ${share}`;
  }).join(', ');
}

export { progressPercent } from '../../lib/progress';

/** The id of the largest image in a layout: it is the page's main picture and loads first. */
export function largestImage(images: CollageImage[], variant: CollageVariant): string | undefined {
  let best: { id: string; area: number } | undefined;
  for (const image of images) {
    const { size } = boxFor(image, variant);
    const area = size.width * size.height;
    if (!best || area > best.area) best = { id: image.id, area };
  }
  return best?.id;
}

import { LazyWhenIdle } from './retrying-lazy';

const loadOverlays = () => import('./lazy-overlays');

/**
 * Dialogs, drawer, toasts and prompts: closed on first paint, so their code comes in chunks of its
 * own once the page has hydrated. What opened one before then (an atom set by a click) shows as it
 * arrives.
 */
export function SiteOverlays() {
  // Once the page has hydrated and the browser is idle (or at a first tap).
  return <LazyWhenIdle load={loadOverlays} what="the dialogs" />;
}

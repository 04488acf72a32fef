import { lazy, Suspense, useEffect, useState } from 'react';
import { CartButton } from '../../features/cart';

// Dialogs, drawer, toasts and prompts: closed on first paint, so their code loads after hydration.
const LazyOverlays = lazy(() => import('./lazy-overlays'));

/** Runs `then` when the browser is idle (or soon, where it has no idle callback). */
function whenIdle(then: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(then, { timeout: 1500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(then, 200);
  return () => clearTimeout(id);
}

/**
 * The cart button, painted with the page, and every overlay: those load once the page has hydrated
 * and the browser is idle. What opened one before then (an atom set by a click) shows as it arrives.
 */
export function SiteOverlays() {
  const [load, setLoad] = useState(false);
  useEffect(() => whenIdle(() => setLoad(true)), []);
  return (
    <>
      <CartButton />
      {load && (
        <Suspense fallback={null}>
          <LazyOverlays />
        </Suspense>
      )}
    </>
  );
}

import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { RetryingLazy } from './retrying-lazy';

const loadOverlays = () => import('./lazy-overlays');

/**
 * Dialogs, drawer, toasts and prompts: closed on first paint, so their code comes in chunks of its
 * own once the page has hydrated. What opened one before then (an atom set by a click) shows as it
 * arrives.
 */
export function SiteOverlays() {
  const [load, setLoad] = useState(false);
  // Once the page has hydrated and the browser is idle (or at a first tap), in a task of its own;
  // mounted in a transition, so React renders them in short slices.
  useEffect(() => {
    void whenIdle().then(() => startTransition(() => setLoad(true)));
  }, []);
  return load ? <RetryingLazy load={loadOverlays} what="the dialogs" /> : null;
}

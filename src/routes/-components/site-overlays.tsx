import { type ComponentType, lazy, Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../../lib/idle';

/** After a failed load (offline on a first visit, before the worker holds the files), when to try again. */
const RETRY_MS = 10_000;

/**
 * Dialogs, drawer, toasts and prompts: closed on first paint, so their code is a chunk of its own,
 * asked for once the page has hydrated. A load that fails renders nothing and is tried again when
 * the network returns (or after RETRY_MS), never taking the page down with it.
 */
function loadOverlays(onFailed: () => void) {
  return lazy<ComponentType>(() =>
    import('./lazy-overlays').catch((error: unknown): { default: ComponentType } => {
      console.warn('Could not load the dialogs; trying again when the network returns', error);
      onFailed();
      return { default: () => null };
    }),
  );
}

/**
 * Every overlay, which loads once the page has hydrated. What opened one before then (an atom set by
 * a click) shows as it arrives.
 */
export function SiteOverlays() {
  const [load, setLoad] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Once the page has hydrated and the browser is idle (or at a first tap), in a task of its own;
  // mounted in a transition, so React renders them in short slices.
  useEffect(() => {
    void whenIdle().then(() => startTransition(() => setLoad(true)));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new lazy component.
  const Overlays = useMemo(
    () =>
      loadOverlays(() => {
        const retry = () => {
          window.removeEventListener('online', retry);
          clearTimeout(timer);
          setAttempt((n) => n + 1);
        };
        const timer = setTimeout(retry, RETRY_MS);
        window.addEventListener('online', retry);
      }),
    [attempt],
  );
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

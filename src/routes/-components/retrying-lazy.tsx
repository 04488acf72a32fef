import { type ComponentType, lazy, Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../../lib/idle';

/** After a failed load (offline on a first visit, before the worker holds the files), when to try again. */
const RETRY_MS = 10_000;

interface RetryingLazyProps {
  /** The chunk, whose default export is the component. */
  load: () => Promise<{ default: ComponentType }>;
  /** What it is, for the console: 'the dialogs'. */
  what: string;
}

/**
 * RetryingLazy, asked for only once the browser is idle (or at a first tap), in a task of its own,
 * and mounted in a transition, so React renders it in short slices.
 */
export function LazyWhenIdle(props: RetryingLazyProps) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    void whenIdle().then(() => startTransition(() => setIdle(true)));
  }, []);
  return idle ? <RetryingLazy {...props} /> : null;
}

/**
 * A chunk's component, rendered once it arrives. A load that fails renders nothing and is tried again
 * when the network returns (or after RETRY_MS), never taking the page down with it.
 */
export function RetryingLazy({ load, what }: RetryingLazyProps) {
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new lazy component.
  const Loaded = useMemo(
    () =>
      lazy<ComponentType>(() =>
        load().catch((error: unknown): { default: ComponentType } => {
          console.warn(`Could not load ${what}; trying again when the network returns`, error);
          const retry = () => {
            window.removeEventListener('online', retry);
            clearTimeout(timer);
            setAttempt((n) => n + 1);
          };
          const timer = setTimeout(retry, RETRY_MS);
          window.addEventListener('online', retry);
          return { default: () => null };
        }),
      ),
    [attempt],
  );
  return (
    <Suspense fallback={null}>
      <Loaded />
    </Suspense>
  );
}

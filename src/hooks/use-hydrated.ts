import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and while the browser hydrates the server's HTML, true after: what only the
 * browser knows (the device, its storage, an installed app) shows from then on, never in a way that
 * would make the first render differ from the server's.
 *
 * Every part starts false, even one mounted after the page has hydrated: a part inside a Suspense
 * boundary hydrates after the page does, and React keeps, not corrects, the server's attributes
 * where its first render differs. The switch is a transition, so React renders what it changes in
 * short slices when the page is free (a store whose snapshot differs from the server's would make it
 * re-render at once, in the task that ends hydration).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}

import { type RefObject, useEffect } from 'react';

/**
 * Focus for a page reached from a control that goes away as it leads there (the cart drawer's
 * Checkout link closes the drawer, which would hand focus back to the cart button): the control asks
 * with `requestArrivalFocus`, and the page it leads to takes focus on its heading as it mounts.
 */
let requested = false;

export function requestArrivalFocus(): void {
  requested = true;
}

/** Focuses `target` (a heading with tabIndex -1) when the page was reached by a control that asked. */
export function useArrivalFocus(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!requested) return;
    requested = false;
    // After the closing drawer has handed focus back to its opener.
    const frame = requestAnimationFrame(() => target.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [target]);
}

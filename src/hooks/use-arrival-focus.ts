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
    // After the closing drawer has handed focus back to its opener; never from a field the shopper is
    // already in (a slow first frame, as WebKit gives, would take what they type: issue 63).
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]')) return;
      target.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
}

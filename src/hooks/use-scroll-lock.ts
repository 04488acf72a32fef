import { useEffect } from 'react';

let locks = 0;

/** Locks page scroll while `active` (spec: modals and the detail popup lock scroll). Nested locks count. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks++;
    document.documentElement.classList.add('scroll-locked');
    return () => {
      locks--;
      if (locks === 0) document.documentElement.classList.remove('scroll-locked');
    };
  }, [active]);
}

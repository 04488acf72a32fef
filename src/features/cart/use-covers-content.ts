import { type RefObject, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { coversContent } from './covers-content';

/**
 * Whether the element (the floating cart button) rests on a control or a price: looked at again after
 * each scroll, resize and change of the page, once a frame at most.
 */
export function useCoversContent(ref: RefObject<HTMLElement | null>): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    let frame = 0;
    let stopped = false;
    const check = () => {
      frame = 0;
      if (ref.current) setCovers(coversContent(ref.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const observer = new MutationObserver(schedule);
    // From the first idle moment after hydration (or a first tap): each look asks for a layout.
    void whenIdle().then(() => {
      if (stopped) return;
      window.addEventListener('scroll', schedule, { passive: true });
      window.addEventListener('resize', schedule);
      observer.observe(document.getElementById('main') ?? document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      schedule();
    });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref]);
  return covers;
}

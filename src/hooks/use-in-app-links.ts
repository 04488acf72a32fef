import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * One click handler for a block of plain links (`<a href>`): a plain left click on a link of this
 * site navigates in the app, as a router Link would; a click with a modifier, a middle click or a
 * link elsewhere goes to the browser. Long lists (the 45 category links of the menus, twice; the
 * cards of a listing) stay plain elements, which hydrate at a fraction of the cost of as many Link
 * components. `resetScroll: false` keeps the page where it is (a card opens its popup over the list).
 *
 * The tap is answered in the very next frame: the link is marked `data-opening` (the stylesheet shows
 * it pressed), and the new view (a popup, a page) renders in a task of its own once that frame is
 * painted. Rendered inside the click, a popup held a slow phone's next frame for 230 to 280 ms (the
 * bench's interactions group, 4x CPU); a shopper saw nothing happen for that long.
 */
export function useInAppLinks({ resetScroll = true } = {}): (event: MouseEvent<HTMLElement>) => void {
  const router = useRouter();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    if (!link || !event.currentTarget.contains(link) || (link.target && link.target !== '_self')) return;
    if (link.origin !== window.location.origin || link.hasAttribute('download')) return;
    event.preventDefault();
    const href = `${link.pathname}${link.search}${link.hash}`;
    link.dataset.opening = '';
    requestAnimationFrame(() =>
      setTimeout(() => {
        delete link.dataset.opening;
        void router.navigate({ href, resetScroll });
      }, 0),
    );
  };
}

import { useSyncExternalStore } from 'react';
import { type ScrollState, SERVER_SCROLL_STATE, scrollState, subscribeScroll } from '../lib/scroll-state';

/** Whether the page has scrolled past its top, and whether the shopper is moving down it. */
export function useScrollState(): ScrollState {
  return useSyncExternalStore(subscribeScroll, scrollState, () => SERVER_SCROLL_STATE);
}

/**
 * Where the page's scroll stands, for the parts that make room on phones: the header condenses once
 * the page has scrolled past its top, and the cart button tucks away while the shopper scrolls down
 * (it comes back on the way up and at the end of the page). One passive listener for the whole app.
 */
export interface ScrollState {
  /** Scrolled past the top: set beyond CONDENSE_AT, cleared only back near the top (no flicker). */
  condensed: boolean;
  /** Moving down the page (and not at its end). */
  down: boolean;
}

export const CONDENSE_AT = 120;
export const EXPAND_AT = 8;
/** Smaller moves than this (a finger's jitter) do not change the direction. */
const JITTER = 6;

/** The next state after the page scrolled from `lastY` to `y` (pure, for tests). */
export function nextScrollState(
  state: ScrollState,
  lastY: number,
  y: number,
  atEnd: boolean,
): { state: ScrollState; lastY: number } {
  const condensed = state.condensed ? y > EXPAND_AT : y > CONDENSE_AT;
  const delta = y - lastY;
  const moved = Math.abs(delta) >= JITTER;
  const down = y <= EXPAND_AT || atEnd ? false : moved ? delta > 0 : state.down;
  const next = condensed === state.condensed && down === state.down ? state : { condensed, down };
  return { state: next, lastY: moved || y <= EXPAND_AT ? y : lastY };
}

/** What the server renders with. The page starts from this very object: a different one, even equal,
 * would make React re-render every reader, at once and in one task, right after hydrating. */
export const SERVER_SCROLL_STATE: ScrollState = { condensed: false, down: false };

let current: ScrollState = SERVER_SCROLL_STATE;
let lastY = 0;
let frame = 0;
const listeners = new Set<() => void>();

function measure() {
  frame = 0;
  const y = Math.max(0, window.scrollY);
  const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 4;
  const result = nextScrollState(current, lastY, y, atEnd);
  lastY = result.lastY;
  if (result.state !== current) {
    current = result.state;
    for (const listener of listeners) listener();
  }
}

const onScroll = () => {
  if (!frame) frame = requestAnimationFrame(measure);
};

export function subscribeScroll(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('scroll', onScroll, { passive: true });
    measure();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

export const scrollState = () => current;

import { describe, expect, it } from 'vitest';
import {
  CONDENSE_AT,
  nextScrollState,
  type ScrollState,
  SERVER_SCROLL_STATE,
  scrollState,
} from '../../../src/lib/scroll-state';

const top: ScrollState = { condensed: false, down: false };

/** Scrolls through the positions, returning the state after each. */
function walk(positions: number[], atEnd = () => false) {
  let state = top;
  let lastY = 0;
  return positions.map((y) => {
    ({ state, lastY } = nextScrollState(state, lastY, y, atEnd()));
    return state;
  });
}

describe('scroll state', () => {
  it('condenses past the top and expands only back near it, so the header does not flicker', () => {
    expect(walk([50, CONDENSE_AT, CONDENSE_AT + 1, 60, 20, 9, 8]).map((state) => state.condensed)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('is moving down while the page goes down and up as soon as it goes up', () => {
    expect(walk([100, 300, 600, 500, 480]).map((state) => state.down)).toEqual([true, true, true, false, false]);
  });

  it('ignores a finger’s jitter of a few pixels', () => {
    expect(walk([300, 297, 299, 295]).map((state) => state.down)).toEqual([true, true, true, true]);
  });

  it('is not moving down at the end of the page or at its top', () => {
    expect(walk([400, 900], () => true).at(-1)?.down).toBe(false);
    expect(walk([400, 0]).at(-1)).toEqual(top);
  });

  it('keeps the same object when nothing changed', () => {
    const state = { condensed: true, down: true };
    expect(nextScrollState(state, 400, 500, false).state).toBe(state);
  });
});

describe('the state a page starts from', () => {
  it("is the server's own object, so hydrating React finds nothing changed and re-renders nothing", () => {
    // useSyncExternalStore compares with Object.is: an equal copy would force a re-render at once.
    expect(scrollState()).toBe(SERVER_SCROLL_STATE);
    expect(nextScrollState(SERVER_SCROLL_STATE, 0, 0, false).state).toBe(SERVER_SCROLL_STATE);
  });
});

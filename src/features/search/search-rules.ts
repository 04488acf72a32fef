/** Spec section 9: search debounce for the header preview and the search page. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Spec section 2: submitted text is trimmed; empty or whitespace-only text is ignored. */
export function normaliseQuery(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** Keyboard cycling of the suggestion list: wraps at both ends; -1 is "no option active". */
export function nextActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

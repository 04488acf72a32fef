/**
 * Whether this page arrived as HTML rendered by the server, which React hydrates: until it has, the
 * first render must show what the server showed (no stored drafts, no cart, no viewport).
 */
export function pageWasServerRendered(): boolean {
  return typeof window !== 'undefined' && '$_TSR' in window;
}

/** Whether this page is the offline shell: the server's document and header with no page in it. */
export function pageIsShell(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-shell');
}

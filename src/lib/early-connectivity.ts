import { EARLY_OFFLINE_ATTRIBUTE, EARLY_OFFLINE_ID, reportReachable } from './connectivity';

/**
 * Takes over what the start-up script saw before the app woke (server/render/late-start.ts): its note
 * goes (the app's banner says the same from now on), and a page it marked offline stays offline until
 * a request or probe succeeds. A page module: connectivity.ts itself is shared with the worker.
 */
export function adoptEarlyConnectivity(): void {
  const root = document.documentElement;
  document.getElementById(EARLY_OFFLINE_ID)?.remove();
  if (!root.hasAttribute(EARLY_OFFLINE_ATTRIBUTE)) return;
  root.removeAttribute(EARLY_OFFLINE_ATTRIBUTE);
  reportReachable(false);
}

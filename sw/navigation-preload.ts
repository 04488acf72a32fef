/**
 * Whether navigation preload may be used by this browser: Chromium's engines only (Chrome, Edge,
 * Samsung Internet, Chromium itself), whose pages are measured with it. Elsewhere it breaks pages:
 * - WebKit (Safari, WebKitGTK, every browser on iOS) can give a page the Content-Security-Policy of
 *   the preload's answer while its body is another answer's (the saved copy after the 3 s timeout, on
 *   a busy phone): when the two differ (pages of two data versions, or of the old per-answer nonces),
 *   every inline script is blocked and the page never hydrates.
 *   WebKitGTK 2.50: 3 of 18 reloads under load, 0 of 18 without preload.
 * - Firefox (ESR 153) fails a navigation whose preload cannot connect ("Problem loading page")
 *   instead of letting the worker answer from its cache: no page opens offline. Without preload, the
 *   saved page opens.
 */
export function navigationPreloadIsSafe(userAgent: string): boolean {
  return /(Chrome|Chromium)\//.test(userAgent);
}

/**
 * Whether navigation preload may be used by this browser. WebKit (Safari, WebKitGTK) can give a page
 * the Content-Security-Policy of the preload's answer while its body is another answer's (the saved
 * copy after the 3 s timeout, on a busy phone): the nonces differ, every inline script is blocked and
 * the page never hydrates. Seen in WebKitGTK 2.50 in 3 of 18 reloads under load, 0 of 18 without
 * preload. Every browser on iOS is WebKit underneath, whatever its name. Chromium and Firefox keep it.
 */
export function navigationPreloadIsSafe(userAgent: string): boolean {
  return !(/AppleWebKit\//.test(userAgent) && !/(Chrome|Chromium|Edg)\//.test(userAgent));
}

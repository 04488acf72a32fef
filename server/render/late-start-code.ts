/** How the start-up script says the connection went before the app woke (src/lib/connectivity.ts). */
export interface EarlyOffline {
  text: string;
  id: string;
  attribute: string;
}

/**
 * The page's one inline start-up script (allowed, like every inline script, by its hash in the policy).
 *
 * A server-rendered page paints with no script. What it paints first is the shop's photography, so the
 * main photos (the images src/lib/main-photo.ts marks) get the connection to themselves: the app's code and the
 * heading face are asked for only once those photos are on screen. On a phone on mobile data the code
 * (about 125 KB) would otherwise share the line with the photo; the face (two files of 23 KB) would
 * hold back every heading. Three things start them sooner:
 * - a tap, a key or a focus before then (the shopper wants the page to act now; a button pressed
 *   before hydration is pressed again once it is done);
 * - a cap of START_CAP_MS, so a photo that never arrives does not hold the app back;
 * - for the face only: on a page the service worker controls (its precache holds the face), at once.
 *
 * Until the face arrives, headings use a local serif sized to the face's width (fonts.css), so the
 * swap moves no line; `html[data-fonts]` turns the face on.
 *
 * The connection can go before the app wakes (a phone's data drops as the page paints): then the
 * app's code fails to arrive, or the device says it is offline. The script says so in a note outside
 * the app's tree and marks the page, so the app keeps saying it if it wakes (src/lib/connectivity.ts).
 *
 * Written as a function with no outside references and no line comments: its source text, on one
 * line and without its block comments, is what the page carries.
 */
export function lateStart(
  entry: string,
  preloads: string[],
  capMs: number,
  photoName: string,
  offlineNote: EarlyOffline,
): void {
  const doc = document;
  const root = doc.documentElement;
  let started = false;
  const awake = () => root.hasAttribute('data-hydrated');
  /* The note is a live region: put in empty, its words a moment later, so screen readers hear them. */
  const offline = () => {
    if (awake() || root.hasAttribute(offlineNote.attribute)) return;
    root.setAttribute(offlineNote.attribute, '');
    const show = () => {
      if (awake() || doc.getElementById(offlineNote.id) || !root.hasAttribute(offlineNote.attribute)) return;
      const note = doc.createElement('div');
      note.id = offlineNote.id;
      note.setAttribute('role', 'status');
      note.className = 'offline-banner offline-banner--early';
      doc.body.appendChild(note);
      setTimeout(() => {
        note.textContent = offlineNote.text;
      }, 100);
    };
    if (doc.body) show();
    else doc.addEventListener('DOMContentLoaded', show, { once: true });
  };
  addEventListener('offline', offline);
  addEventListener('online', () => {
    if (awake()) return;
    root.removeAttribute(offlineNote.attribute);
    doc.getElementById(offlineNote.id)?.remove();
  });
  if (navigator.onLine === false) offline();
  /* The fallback timers, cleared once started. */
  const timers: ReturnType<typeof setTimeout>[] = [];
  const later = (ms: number) => {
    timers.push(setTimeout(start, ms));
  };

  const fonts = () => root.setAttribute('data-fonts', '');
  /* A page the service worker controls has the face in its precache: no reason to wait. */
  if (navigator.serviceWorker?.controller) fonts();

  const start = () => {
    if (started) return;
    started = true;
    for (const timer of timers) clearTimeout(timer);
    fonts();
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = entry;
    script.onerror = offline;
    doc.head.appendChild(script);
    /*
     * The chunks the entry imports are asked for at once too, three per task: the browser does a
     * little work for every link put in, and some thirty at once made one long task on slow phones.
     */
    let next = 0;
    const preloadSome = () => {
      for (const end = Math.min(next + 3, preloads.length); next < end; next += 1) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.href = preloads[next] as string;
        link.onerror = offline;
        doc.head.appendChild(link);
      }
      if (next < preloads.length) setTimeout(preloadSome, 0);
    };
    preloadSome();
  };
  /*
   * When the photos are on screen. Chromium reports each photo's own paint (Element Timing: the
   * photos carry `elementtiming`), once the frame that shows it has reached the screen: the code
   * waits for every photo inside the viewport (an IntersectionObserver says which, with no layout of
   * its own). Firefox reports only the largest paint so far, which may be another card's photo of the
   * same size: one entry naming a photo, or any entry painted after they loaded. Engines with neither
   * (Safari) start two frames after the photos load. Half a second after the photos load at the latest.
   */
  const whenPainted = (photos: Element[], settledAt: number) => {
    const types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
    const each = types.indexOf('element') >= 0;
    if ((!each && types.indexOf('largest-contentful-paint') < 0) || typeof IntersectionObserver !== 'function') {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
      return;
    }
    if (!photos.length) {
      setTimeout(start, 0);
      return;
    }
    const waiting = photos.slice();
    const seen: Element[] = [];
    const done = () => {
      if (seen.length < photos.length || waiting.length) return;
      painted.disconnect();
      view.disconnect();
      setTimeout(start, 0);
    };
    const drop = (photo: Element) => {
      const at = waiting.indexOf(photo);
      if (at >= 0) waiting.splice(at, 1);
    };
    const painted = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const photo = (entry as LargestContentfulPaint).element as Element;
        if (each) drop(photo);
        else if (waiting.indexOf(photo) >= 0 || entry.startTime >= settledAt) waiting.length = 0;
      }
      done();
    });
    const view = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (seen.indexOf(entry.target) < 0) seen.push(entry.target);
        if (!entry.isIntersecting) drop(entry.target);
      }
      done();
    });
    for (const photo of photos) view.observe(photo);
    painted.observe({ type: each ? 'element' : 'largest-contentful-paint', buffered: true });
    later(500);
  };
  const whenPhotosShow = () => {
    const photos = Array.from(doc.querySelectorAll(`img[elementtiming="${photoName}"]`));
    const waiting = (photos as HTMLImageElement[]).filter((image) => !image.complete);
    let left = waiting.length;
    if (!left) {
      whenPainted(photos, performance.now());
      return;
    }
    const settle = () => {
      left -= 1;
      if (left === 0) whenPainted(photos, performance.now());
    };
    for (const image of waiting) {
      image.addEventListener('load', settle, { once: true });
      image.addEventListener('error', settle, { once: true });
    }
  };

  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  /*
   * A button pressed before the app has taken over the page does nothing by itself (a link still
   * navigates): the last one is marked, and pressed again once hydrated (after-hydration.tsx).
   */
  const early = (event: Event) => {
    if (root.hasAttribute('data-hydrated')) {
      removeEventListener('click', early, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    for (const marked of Array.from(doc.querySelectorAll('[data-early-click]'))) {
      marked.removeAttribute('data-early-click');
    }
    button.setAttribute('data-early-click', '');
  };
  addEventListener('click', early, true);
  later(capMs);
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', whenPhotosShow, { once: true });
  else whenPhotosShow();
}

/** lateStart's source on one line, without its block comments. */
export function lateStartSource(): string {
  // Every page carries it: its block comments stay here, whether or not the server's build drops them.
  return lateStart
    .toString()
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\n\s*/g, ' ');
}

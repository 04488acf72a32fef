// @vitest-environment-options {"happyDOM": {"settings": {"handleDisabledFileLoadingAsSuccess": true}}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lateStartScript, lateStartSource } from '../../../server/render/late-start';
import { minifiedLateStart } from '../../../server/render/late-start-build';

const ENTRY = '/assets/entry-client-test.js';
const PRELOADS = ['/assets/react-test.js', '/assets/router-test.js'];

/** A server-rendered page's body: a main photo still loading and a card photo after it. */
function renderPage(mainPhotoLoaded: boolean): HTMLImageElement {
  document.body.innerHTML = `<main><img fetchpriority="high" elementtiming="main-photo" src="/photos/a.webp" alt=""><img loading="lazy" src="/photos/b.webp" alt=""></main>`;
  const photo = document.querySelector('img') as HTMLImageElement;
  Object.defineProperty(photo, 'complete', { configurable: true, value: mainPhotoLoaded });
  return photo;
}

const entryScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${ENTRY}"]`);
const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((link) =>
    link.getAttribute('href'),
  );
// Pages carry the source minified by the server's build; development and these tests also have it as
// written. Both must behave the same.
describe.each([
  ['as written', lateStartSource()],
  ['as the build minifies it', minifiedLateStart()],
])('the page start-up script, %s', (_, source) => {
  // The script's own listeners are added to the window: every run gets a fresh document state.
  const run = (capMs = 60_000) => new Function(lateStartScript(ENTRY, PRELOADS, capMs, source))();

  beforeEach(() => {
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('data-fonts');
  });
  afterEach(() => {
    // A started script stays started: dispatch nothing more into it.
    document.body.innerHTML = '';
  });

  it('is one line of script with this build’s entry and its chunks', () => {
    const text = lateStartScript(ENTRY, PRELOADS, 60_000, source);
    expect(text).not.toContain('\n');
    // Every page carries it: its comments stay in the source.
    expect(text).not.toContain('/*');
    expect(text).toContain(JSON.stringify(ENTRY));
    expect(text).toContain(JSON.stringify(PRELOADS));
  });

  it('adds the app’s code and turns the heading face on only once the main photo has loaded', async () => {
    const photo = renderPage(false);
    run();
    // Give the browser a few frames: nothing may start while the photo is on its way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entryScript()).toBeNull();
    expect(document.documentElement.hasAttribute('data-fonts')).toBe(false);

    photo.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(entryScript()).not.toBeNull());
    expect(entryScript()?.type).toBe('module');
    await vi.waitFor(() => expect(preloads()).toEqual(PRELOADS));
    expect(document.documentElement.hasAttribute('data-fonts')).toBe(true);
  });

  it('starts after the next frame when the main photo is already there', async () => {
    renderPage(true);
    run();
    expect(entryScript()).toBeNull();
    await vi.waitFor(() => expect(entryScript()).not.toBeNull());
  });

  describe('in an engine that reports each photo’s paint (Element Timing)', () => {
    let report: ((entries: { element: Element; startTime: number }[]) => void) | undefined;
    // The photos the page's viewport shows, as an IntersectionObserver would report them.
    let visible: Element[] = [];
    beforeEach(() => {
      report = undefined;
      visible = [];
      class ElementObserver {
        static supportedEntryTypes = ['element', 'largest-contentful-paint'];
        constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
          report = (entries) => callback({ getEntries: () => entries });
        }
        observe() {}
        disconnect() {
          report = undefined;
        }
      }
      class ViewObserver {
        constructor(private readonly callback: (entries: unknown[]) => void) {}
        observe(target: Element) {
          setTimeout(() => this.callback([{ target, isIntersecting: visible.includes(target) }]), 0);
        }
        disconnect() {}
      }
      vi.stubGlobal('PerformanceObserver', ElementObserver);
      vi.stubGlobal('IntersectionObserver', ViewObserver);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('waits for the main photo’s own paint, not another photo’s of the same size', async () => {
      const photo = renderPage(true);
      visible = [photo];
      run();
      await vi.waitFor(() => expect(report).toBeDefined());
      // A card photo beside it reaches the screen first: the largest paint so far, but not the main photo.
      report?.([{ element: document.querySelectorAll('img')[1] as Element, startTime: performance.now() + 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(entryScript()).toBeNull();
      report?.([{ element: photo, startTime: performance.now() }]);
      await vi.waitFor(() => expect(entryScript()).not.toBeNull());
    });

    it('does not wait for a main photo outside the screen', async () => {
      renderPage(true);
      run();
      // Well before the half-second cap.
      await vi.waitFor(() => expect(entryScript()).not.toBeNull(), { timeout: 300 });
    });
  });

  it('starts at once when the shopper taps or types before the photo arrives', () => {
    renderPage(false);
    run();
    window.dispatchEvent(new Event('pointerdown'));
    expect(entryScript()).not.toBeNull();
    // A second event adds nothing more.
    window.dispatchEvent(new Event('keydown'));
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('asks for the chunks a few per task, all of them, in order', async () => {
    renderPage(false);
    const many = Array.from({ length: 14 }, (_, index) => `/assets/chunk-${index}.js`);
    new Function(lateStartScript(ENTRY, many, 60_000, source))();
    window.dispatchEvent(new Event('pointerdown'));
    // In the task that starts: the entry and the first three; the rest in the tasks after.
    expect(entryScript()).not.toBeNull();
    expect(preloads()).toEqual(many.slice(0, 3));
    await vi.waitFor(() => expect(preloads()).toEqual(many));
  });

  it('starts after the cap when the photo never arrives', async () => {
    renderPage(false);
    run(30);
    await vi.waitFor(() => expect(entryScript()).not.toBeNull());
  });

  it('turns the face on before the first paint on a page the service worker controls', () => {
    const serviceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    try {
      renderPage(false);
      run();
      expect(document.documentElement.hasAttribute('data-fonts')).toBe(true);
      expect(entryScript()).toBeNull();
    } finally {
      if (serviceWorker) Object.defineProperty(navigator, 'serviceWorker', serviceWorker);
      else Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('marks the last button pressed before hydration, and nothing once hydrated', () => {
    renderPage(true);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button type="button" id="cart"><span>Cart</span></button><button type="button" id="menu">Menu</button><a href="/terms" id="terms">Terms</a>',
    );
    run();
    const press = (id: string, inner = false) => {
      const target = document.getElementById(id) as HTMLElement;
      (inner ? (target.firstElementChild as HTMLElement) : target).dispatchEvent(
        new MouseEvent('click', { bubbles: true }),
      );
    };
    const marked = () => Array.from(document.querySelectorAll('[data-early-click]')).map((element) => element.id);
    press('menu');
    press('cart', true);
    expect(marked()).toEqual(['cart']);
    press('terms');
    expect(marked()).toEqual(['cart']);
    document.documentElement.setAttribute('data-hydrated', '');
    document.getElementById('cart')?.removeAttribute('data-early-click');
    press('menu');
    expect(marked()).toEqual([]);
    document.documentElement.removeAttribute('data-hydrated');
  });

  it('leaves no fallback timer running once it has started', () => {
    vi.useFakeTimers();
    try {
      renderPage(false);
      run();
      // The cap is waiting: the photo has not loaded.
      expect(vi.getTimerCount()).toBe(1);
      dispatchEvent(new Event('pointerdown'));
      expect(entryScript()).not.toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

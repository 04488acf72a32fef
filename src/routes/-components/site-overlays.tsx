import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { loadHireDatePicker } from '../../features/availability';
import { loadCartDrawer } from '../../features/cart';
import { loadAboutModal, loadContactModal } from '../../features/contact';
import { loadMoodboardHost } from '../../features/moodboard';
import { loadSaveOfflineDialog, loadUpdatePrompt } from '../../features/offline';
import { whenIdle } from '../../lib/idle';

type Loader = () => Promise<{ default: ComponentType }>;
interface OverlayChunk {
  name: string;
  load: Loader;
}

/**
 * Every overlay of the site: closed on first paint, so each is a chunk of its own. They load after
 * hydration, one per idle moment (each chunk's code runs in a task of its own, none long enough to
 * hold back a tap), in the order a shopper reaches for them; a first tap or key loads the rest at once.
 */
const OVERLAYS: OverlayChunk[] = [
  { name: 'cart', load: loadCartDrawer },
  { name: 'toasts', load: () => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })) },
  { name: 'hire-date', load: loadHireDatePicker },
  { name: 'contact', load: loadContactModal },
  { name: 'about', load: loadAboutModal },
  { name: 'save-offline', load: loadSaveOfflineDialog },
  { name: 'moodboard', load: loadMoodboardHost },
  { name: 'update', load: loadUpdatePrompt },
];

/** After a failed load (offline on a first visit, before the worker holds the files), when to try again. */
const RETRY_MS = 10_000;

/** Says, once, that the overlay beside it has loaded and rendered. */
function Ready({ onReady }: { onReady: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the overlay has rendered.
  useEffect(() => onReady(), []);
  return null;
}

/**
 * One overlay: rendered once its chunk has loaded. A load that fails renders nothing and is tried
 * again when the network returns (or after RETRY_MS), never taking the page down with it.
 */
function Overlay({ load, onReady }: { load: Loader; onReady: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const ready = useRef(onReady);
  ready.current = onReady;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new lazy component.
  const Loaded = useMemo(
    () =>
      lazy<ComponentType>(() =>
        load().then(
          ({ default: Piece }) => ({
            default: () => (
              <>
                <Piece />
                <Ready onReady={() => ready.current()} />
              </>
            ),
          }),
          (error: unknown) => {
            console.warn('Could not load a dialog; trying again when the network returns', error);
            const retry = () => {
              window.removeEventListener('online', retry);
              clearTimeout(timer);
              setAttempt((n) => n + 1);
            };
            const timer = setTimeout(retry, RETRY_MS);
            window.addEventListener('online', retry);
            return { default: () => null };
          },
        ),
      ),
    [attempt, load],
  );
  return (
    <Suspense fallback={null}>
      <Loaded />
    </Suspense>
  );
}

/**
 * The overlays, loading once the page has hydrated. What opened one before it loaded (an atom set by
 * a click) shows as it arrives.
 */
export function SiteOverlays() {
  const [shown, setShown] = useState(0);
  const loaded = useRef(new Set<number>());
  useEffect(() => {
    let stopped = false;
    const all = () => setShown(OVERLAYS.length);
    addEventListener('pointerdown', all, { capture: true, once: true, passive: true });
    addEventListener('keydown', all, { capture: true, once: true, passive: true });
    void (async () => {
      for (let i = 0; i < OVERLAYS.length && !stopped; i++) {
        await whenIdle();
        if (!stopped) setShown((n) => Math.max(n, i + 1));
      }
    })();
    return () => {
      stopped = true;
      removeEventListener('pointerdown', all, true);
      removeEventListener('keydown', all, true);
    };
  }, []);
  const onReady = (index: number) => () => {
    loaded.current.add(index);
    // Said on the page for tests and tools: every dialog can open now.
    if (loaded.current.size === OVERLAYS.length) document.documentElement.dataset.overlays = '';
  };
  return OVERLAYS.slice(0, shown).map(({ name, load }, index) => (
    <Overlay key={name} load={load} onReady={onReady(index)} />
  ));
}

import { useNavigate } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import {
  type CSSProperties,
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  Suspense,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { handleArrangeKey } from '../../../components/ui/arrange/arrange-keys';
import { LineIcon } from '../../../components/ui/line-icon';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useViewportWidth } from '../../../hooks/use-viewport-width';
import { type Placement, placementOf, placementVars } from '../../../lib/arrange/placement';
import { mainPhoto } from '../../../lib/main-photo';
import { type CollageImage, collageImages } from '../collage-data';
import {
  EAGER_IMAGES,
  LOADER_HIDE_DELAY_MS,
  largestImage,
  RESIZE_DEBOUNCE_MS,
  responsiveBoxVars,
  responsiveSizes,
  usesMobileLayout,
  variantFor,
} from '../collage-layout';
import { collageArrangementAtom } from '../state/collage-atoms';
import { LoadingOverlay } from './loading-overlay';
import '../../../components/ui/arrange/arrange-handle.css';
import './collage.css';
import './collage-tools.css';
import { useBusiness } from '../../../hooks/use-business';

// Gesture and spring code (about 22 KB) is not part of the page's start: evaluating it is a long task
// on a phone, and only arranging needs it. It is asked for when a pointer or the focus reaches
// Arrange, and mounted when Arrange is pressed.
const loadGestures = () => import('../../../components/ui/arrange/arrange-gestures');
const ArrangeGestures = lazy(() => loadGestures().then((module) => ({ default: module.ArrangeGestures })));
const warmGestures = () => void loadGestures().catch(() => undefined);

/** The overlay never traps a visitor on a bad connection: it leaves after this at the latest. */
const LOADER_MAX_MS = 10_000;

const xlarge = (url: string) => url.replace('/large_', '/xlarge_');
// The importer stores the collage's photos at 280 px too (server/catalogue-io/photos.ts): a phone's tiles.
const small = (url: string) => url.replace('/large_', '/small_');

/**
 * The home collage of spec section 2: eleven photos placed per layout, the tenth the logo background.
 * Clicking a photo brings it to the front and follows its link.
 */
export function Collage() {
  const business = useBusiness();
  const images = useMemo(() => collageImages(business.collage), [business.collage]);
  // The main picture of a phone's layout and of a desktop's: both are asked for first, since the
  // server cannot know which the visitor will see.
  const priority = useMemo(() => new Set([largestImage(images, 'mobile'), largestImage(images, 'desktop')]), [images]);
  const navigate = useNavigate();
  // The layout itself is CSS (see responsiveBoxVars); the layout's name is known once hydrated.
  const hydrated = useHydrated();
  const viewport = useViewportWidth(RESIZE_DEBOUNCE_MS);
  const width = hydrated ? viewport : null;
  const variant = width === null ? null : variantFor(width);
  const [settled, setSettled] = useState<Set<string>>(() => new Set());
  const [phase, setPhase] = useState<'loading' | 'leaving' | 'done'>('loading');
  const [front, setFront] = useState<string[]>([]);
  const [arranging, setArranging] = useState(false);
  const [gestures, setGestures] = useState(false);
  const [arrangement, setArrangement] = useAtom(collageArrangementAtom);
  const board = useRef<HTMLDivElement>(null);
  const raise = (id: string) => setFront((current) => [...current.filter((other) => other !== id), id]);
  const commit = (id: string, placement: Placement) => setArrangement((current) => ({ ...current, [id]: placement }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!arranging) return;
    if (event.key === 'Escape') {
      setArranging(false);
      return;
    }
    handleArrangeKey(event, setArrangement, raise);
  };

  const settle = (id: string, failed: boolean) => {
    if (failed) console.error('Failed to load image', id);
    // A transition: the photos the server's HTML had already loaded all count at once when hydration
    // attaches their refs, and React then redraws the collage in short slices, not in that task.
    startTransition(() => setSettled((current) => (current.has(id) ? current : new Set(current).add(id))));
  };
  const allSettled = settled.size >= images.length;
  useEffect(() => {
    if (phase === 'done') return;
    const delay = allSettled ? LOADER_HIDE_DELAY_MS : LOADER_MAX_MS;
    const timer = setTimeout(() => setPhase('done'), delay);
    if (allSettled) setPhase('leaving');
    return () => clearTimeout(timer);
  }, [allSettled, phase]);

  const zIndexOf = (image: CollageImage) => {
    const raised = front.indexOf(image.id);
    return raised === -1 ? image.zIndex : 100 + raised;
  };
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // In arrange mode a click only picks a photo up: links do not fire.
    if (arranging) {
      event.preventDefault();
      return;
    }
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href });
  };

  return (
    <div className="collage-frame">
      {/* Quiet tools over the collage's corner: two icon buttons, named and with a tooltip. */}
      <div className="collage-tools">
        <button
          type="button"
          className="collage-tools__button collage-tools__arrange"
          aria-pressed={arranging}
          aria-label="Arrange"
          data-tooltip={arranging ? 'Done arranging' : 'Arrange the photos'}
          onPointerEnter={warmGestures}
          onFocus={warmGestures}
          onClick={() => {
            setGestures(true);
            setArranging((on) => !on);
          }}
        >
          {/* A toggle keeps one name; aria-pressed (and its look) says whether it is on. */}
          <LineIcon d="M12 3v18M3 12h18M12 3l-2.5 2.5M12 3l2.5 2.5M12 21l-2.5-2.5M12 21l2.5-2.5M3 12l2.5-2.5M3 12l2.5 2.5M21 12l-2.5-2.5M21 12l-2.5 2.5" />
        </button>
        <button
          type="button"
          className="collage-tools__button"
          aria-label="Reset layout"
          data-tooltip="Reset layout"
          disabled={Object.keys(arrangement).length === 0}
          onClick={() => setArrangement({})}
        >
          <LineIcon d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4v3.5H8" />
        </button>
      </div>
      {/* Above the photos, never over them: every photo can be taken while the hint shows. */}
      {arranging && (
        <p className="collage-tools__hint" role="status">
          <span className="hint--fine">Drag a photo to move it; drag its corner to resize.</span>
          <span className="hint--coarse">Drag a photo to move it; pinch with two fingers to resize.</span>{' '}
          <span className="collage-tools__keys">
            With the keyboard: Tab to a photo, arrows move (Shift for bigger steps), + and - resize, Escape finishes.
          </span>
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys reach it from the focused photos inside. */}
      <div
        ref={board}
        className={`collage${variant ? ` collage--${variant}` : ''}${width !== null && usesMobileLayout(width) ? ' collage--mobile' : ''}${arranging ? ' collage--arranging' : ''}`}
        data-variant={variant ?? undefined}
        onKeyDown={onKeyDown}
      >
        {images.map((image, index) => {
          const eager = index < EAGER_IMAGES || priority.has(image.id);
          const picture = (
            <img
              src={image.url}
              srcSet={`${image.small ? `${small(image.url)} 280w, ` : ''}${image.url} 500w, ${xlarge(image.url)} 1200w`}
              sizes={responsiveSizes(image)}
              width={500}
              height={500}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              // The other tiles on a phone's first screen come after the main photo: asked for with
              // it, they shared the line and held its paint back (Lighthouse LCP 1375 -> 1148 ms).
              {...mainPhoto(priority.has(image.id), 'low')}
              decoding={eager ? 'sync' : 'async'}
              onLoad={() => settle(image.id, false)}
              onError={() => settle(image.id, true)}
              // A photo of the server's HTML may have loaded (or failed) before hydration attached
              // the handlers above: it counts once the app takes the element over.
              ref={(element) => {
                if (element?.complete) settle(image.id, element.naturalWidth === 0);
              }}
            />
          );
          const style = {
            ...responsiveBoxVars(image),
            ...placementVars(placementOf(arrangement, image.id)),
            '--r': `${image.rotation}deg`,
            zIndex: zIndexOf(image),
          } as CSSProperties;
          const handle = arranging && <span className="arrange-handle" data-arrange-handle aria-hidden="true" />;
          if (image.linkUrl === null) {
            return (
              <div
                key={image.id}
                className="collage__item collage__item--logo"
                style={style}
                data-collage-id={image.id}
                data-arrange-id={image.id}
                {...(arranging ? { tabIndex: 0, role: 'img', 'aria-label': `${business.name} logo` } : {})}
              >
                {picture}
                {handle}
                <span className="collage__logo" aria-hidden="true">
                  <img src={business.logoUrl ?? '/favicon.svg'} alt="" width={56} height={56} />
                  {business.name}
                  {business.tagline ? <small>{business.tagline}</small> : null}
                </span>
              </div>
            );
          }
          const href = image.linkUrl;
          return (
            <a
              key={image.id}
              href={href}
              className="collage__item"
              style={style}
              aria-label={image.title}
              data-collage-id={image.id}
              data-arrange-id={image.id}
              draggable={false}
              onPointerDown={() => raise(image.id)}
              onClick={(event) => follow(event, href)}
            >
              {picture}
              {handle}
              <span className="collage__label" aria-hidden="true">
                {image.title}
              </span>
            </a>
          );
        })}
        {phase !== 'done' && (
          <LoadingOverlay loaded={settled.size} total={images.length} leaving={phase === 'leaving'} />
        )}
        {gestures && (
          <Suspense fallback={null}>
            <ArrangeGestures
              board={board}
              enabled={arranging}
              placementOf={(id) => placementOf(arrangement, id)}
              onCommit={commit}
              onStart={raise}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

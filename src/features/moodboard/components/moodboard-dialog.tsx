import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { pushToast } from '../../../components/ui/toast-state';
import { useViewportWidth } from '../../../hooks/use-viewport-width';
import type { CartLineDraft } from '../../../lib/cart-line';
import { exportBoard, loadScreenshot } from '../export-board';
import { cardsFor, moodboardFileName, progressPercent, REVEAL_DELAY_MS } from '../moodboard-layout';
import { shareUrl } from '../share-board';
import { isStacked } from '../spread-out';
import { type BoardLayout, EMPTY_LAYOUT } from '../state/moodboard-atoms';
import { MoodboardBoard, type PhotoSize } from './moodboard-board';
import { ShareButton } from './share-button';
import { spreadBoard } from './spread-board';
import './moodboard.css';

/** Resolves once the board has drawn what was just set (two frames: the render, then its paint). */
const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

export const EXPORT_FAILED = 'Failed to generate moodboard image. Please try again.';

export interface MoodboardDialogProps {
  open: boolean;
  onClose: () => void;
  /** The board's lines; null while they are still being looked up. */
  lines: CartLineDraft[] | null;
  /** Null while it is being read. */
  layout: BoardLayout | null;
  onLayout: (change: (layout: BoardLayout) => BoardLayout) => void;
  /** Said above the board (what a shared link left out). */
  notice?: ReactNode;
  /** More buttons for the toolbar (a shared board's add to cart). */
  actions?: ReactNode;
}

type Phase = 'loading' | 'pause' | 'ready';

/** Preloads every card's photo; failures count as loaded (and draw an empty frame). */
function usePhotoPreload(urls: { id: string; photoUrl: string }[] | null) {
  const [sizes, setSizes] = useState<Record<string, PhotoSize | null>>({});
  const key = urls?.map((u) => u.photoUrl).join('\n') ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list of photos.
  useEffect(() => {
    if (!urls) return;
    setSizes({});
    const images = urls.map(({ id, photoUrl }) => {
      const image = new Image();
      image.decoding = 'async';
      image.onload = () =>
        setSizes((current) => ({ ...current, [id]: { width: image.naturalWidth, height: image.naturalHeight } }));
      image.onerror = () => {
        console.error('Failed to load image', photoUrl);
        setSizes((current) => ({ ...current, [id]: null }));
      };
      image.src = photoUrl;
      return image;
    });
    return () => {
      for (const image of images) {
        image.onload = null;
        image.onerror = null;
      }
    };
  }, [key]);
  return sizes;
}

/**
 * Spec section 2, moodboard overlay: 'Creating Your Moodboard' with a percentage bar while the photos
 * preload, a 500 ms pause, then the board with download, copy link and close.
 */
export function MoodboardDialog({ open, onClose, lines, layout, onLayout, notice, actions }: MoodboardDialogProps) {
  const viewportWidth = useViewportWidth(100);
  const cards = useMemo(() => (lines ? cardsFor(lines) : null), [lines]);
  const sizes = usePhotoPreload(open ? cards : null);
  const loaded = cards ? cards.filter((card) => card.id in sizes).length : 0;
  const ready = cards !== null && layout !== null && loaded >= cards.length;
  const [phase, setPhase] = useState<Phase>('loading');
  const [capturing, setCapturing] = useState(false);
  const board = useRef<HTMLDivElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (open) void loadScreenshot();
  }, [open]);
  useEffect(() => {
    if (!ready) {
      setPhase('loading');
      return;
    }
    setPhase('pause');
    const timer = setTimeout(() => setPhase('ready'), REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  /** Every card in view, in rows: the stack as a picture worth sharing. */
  const spread = () => {
    if (!board.current) return;
    const placements = spreadBoard(board.current);
    onLayout((current) => ({ ...current, placements: { ...current.placements, ...placements } }));
  };

  const download = async () => {
    if (!board.current || !lines) return;
    setCapturing(true);
    try {
      // The picture is what the board shows: a board still in its opening stack is spread out first
      // (on screen too), so the picture shows every photo rather than the top one of a pile.
      if (
        cards &&
        layout &&
        cards.length > 1 &&
        isStacked(
          cards.map((card) => card.id),
          layout.placements,
        )
      ) {
        spread();
        await nextFrame();
      }
      await exportBoard(board.current, moodboardFileName(lines.find((line) => !line.isBundle)?.name ?? lines[0]?.name));
    } catch (error) {
      console.error('Moodboard export failed', error);
      pushToast(EXPORT_FAILED, 'error');
    } finally {
      setCapturing(false);
    }
  };

  const showing = phase === 'ready' && cards !== null && layout !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={showing ? 'Your Moodboard' : 'Creating Your Moodboard'}
      size="full"
      className="moodboard-dialog"
      closeLabel="Close moodboard"
    >
      <div className="moodboard-toolbar">
        <button
          type="button"
          className="button moodboard-download"
          onClick={() => void download()}
          disabled={!showing || capturing}
          aria-busy={capturing}
        >
          {/* Both labels take the same cell, so the button (and the board below) never changes size. */}
          <span aria-hidden={capturing}>Download</span>
          <span aria-hidden={!capturing}>Preparing image…</span>
        </button>
        <ShareButton
          disabled={!showing}
          url={() => shareUrl(window.location.origin, lines ?? [], layout ?? EMPTY_LAYOUT)}
        />
        <button type="button" className="button button--ghost" onClick={spread} disabled={!showing}>
          Spread out
        </button>
        {actions}
        <p id={hintId} className="moodboard-toolbar__hint">
          {/* Touch screens have no corner handle: each pointer type is told what it can do. */}
          <span className="hint--fine">Drag to arrange, drag a corner to resize.</span>
          <span className="hint--coarse">Drag to arrange, pinch to resize.</span>{' '}
          <span className="moodboard-toolbar__keys">Keyboard: arrows move, + and − resize.</span>
        </p>
      </div>
      {notice}
      {!showing ? (
        <div className="moodboard-loading" role="status">
          <ProgressBar label="Creating Your Moodboard" percent={cards ? progressPercent(loaded, cards.length) : 0} />
        </div>
      ) : cards.length === 0 ? (
        <p className="moodboard-empty">There are no photos to show on this board.</p>
      ) : (
        <MoodboardBoard
          boardRef={board}
          cards={cards}
          sizes={sizes}
          layout={layout}
          onLayout={onLayout}
          viewportWidth={viewportWidth}
          hintId={hintId}
        />
      )}
    </Dialog>
  );
}

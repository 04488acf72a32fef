import { Controller } from '@react-spring/web';
import { useGesture } from '@use-gesture/react';
import { type RefObject, useEffect, useRef } from 'react';
import { movedBy, type Placement, placementVars, scaledBy, scaledByHandle } from '../../../lib/arrange/placement';

export interface ArrangeGesturesProps {
  /** The board; its pieces carry data-arrange-id, their resize handles data-arrange-handle. */
  board: RefObject<HTMLElement | null>;
  /** Whether pieces move now (the board's arrange mode). */
  enabled: boolean;
  placementOf: (id: string) => Placement;
  /** Called once a gesture ends, with the piece's new placement. */
  onCommit: (id: string, placement: Placement) => void;
  /** Called when a gesture starts on a piece, e.g. to bring it to the front. */
  onStart?: (id: string) => void;
}

/**
 * Drag, corner-handle resize and two-finger pinch for the pieces of a board. Motion runs on springs
 * that write CSS variables straight to the piece: no React render per pointer move. This module is
 * loaded only when a board needs it, so gesture and spring code stay out of the first paint.
 */
export function ArrangeGestures({ board, enabled, placementOf, onCommit, onStart }: ArrangeGesturesProps) {
  const springs = useRef(new Map<HTMLElement, Controller<Placement>>());
  const spring = (element: HTMLElement, from: Placement) => {
    let controller = springs.current.get(element);
    if (!controller) {
      controller = new Controller<Placement>({
        ...from,
        config: { tension: 420, friction: 34 },
        onChange: ({ value }) => {
          for (const [name, css] of Object.entries(placementVars(value as Placement)))
            element.style.setProperty(name, css);
        },
      });
      springs.current.set(element, controller);
    }
    return controller;
  };
  useEffect(() => {
    const running = springs.current;
    return () => {
      for (const controller of running.values()) controller.stop();
    };
  }, []);

  const pieceOf = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest('[data-arrange-id]') as HTMLElement | null) : null;
  const idOf = (element: HTMLElement) => element.dataset.arrangeId ?? '';

  useGesture(
    {
      onDrag: ({ first, last, event, movement: [mx, my], memo, pinching, cancel }) => {
        if (pinching) return cancel();
        const state = (memo ?? null) as { piece: HTMLElement; start: Placement; handle: boolean } | null;
        const piece = state?.piece ?? pieceOf(event.target);
        if (!piece) return memo;
        const start = state?.start ?? placementOf(idOf(piece));
        const handle =
          state?.handle ?? (event.target instanceof Element && event.target.closest('[data-arrange-handle]') !== null);
        if (first) onStart?.(idOf(piece));
        const next = handle
          ? scaledByHandle(start, mx, piece.offsetWidth)
          : movedBy(start, mx, my, piece.offsetWidth, piece.offsetHeight);
        // The piece follows the finger exactly; the spring just writes the values, and is done when it ends.
        void spring(piece, start).start({ ...next, immediate: true });
        if (last) onCommit(idOf(piece), next);
        return { piece, start, handle };
      },
      onPinch: ({ first, last, event, movement: [ratio], memo }) => {
        const state = (memo ?? null) as { piece: HTMLElement; start: Placement } | null;
        const piece = state?.piece ?? pieceOf(event.target);
        if (!piece) return memo;
        const start = state?.start ?? placementOf(idOf(piece));
        if (first) onStart?.(idOf(piece));
        const next = scaledBy(start, ratio);
        // The piece follows the finger exactly; the spring just writes the values, and is done when it ends.
        void spring(piece, start).start({ ...next, immediate: true });
        if (last) onCommit(idOf(piece), next);
        return { piece, start };
      },
    },
    {
      target: board,
      enabled,
      eventOptions: { passive: false },
      // Keys are the board's own (arrows move, + and - resize): use-gesture's arrow-key drag is off.
      drag: { filterTaps: true, pointer: { touch: true, keys: false } },
      pinch: { pointer: { touch: true } },
    },
  );
  // Says on the board when its gestures are bound (tests wait for it rather than for time).
  useEffect(() => {
    const element = board.current;
    if (!element) return;
    element.dataset.gestures = enabled ? 'ready' : 'off';
    return () => {
      delete element.dataset.gestures;
    };
  }, [board, enabled]);
  return null;
}

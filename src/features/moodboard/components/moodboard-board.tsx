import { type CSSProperties, lazy, type RefObject, Suspense } from 'react';
import { handleArrangeKey } from '../../../components/ui/arrange/arrange-keys';
import { type Arrangement, placementOf, placementVars } from '../../../lib/arrange/placement';
import { cardOffset, cardWidth, type MoodboardCard, stackPosition } from '../moodboard-layout';
import type { BoardLayout } from '../state/moodboard-atoms';
import '../../../components/ui/arrange/arrange-handle.css';
import { useBusiness } from '../../../hooks/use-business';

// The same gesture layer as the home collage (its own chunk, shared by both boards).
const ArrangeGestures = lazy(() =>
  import('../../../components/ui/arrange/arrange-gestures').then((module) => ({ default: module.ArrangeGestures })),
);

/** Room above the stack for the logo. */
const LOGO_SPACE = 104;
/** The card's frame around its photo, and the caption under it. */
const FRAME = 10;
const CAPTION = 30;

export interface PhotoSize {
  width: number;
  height: number;
}

export interface MoodboardBoardProps {
  boardRef: RefObject<HTMLDivElement | null>;
  cards: MoodboardCard[];
  /** Natural sizes of the photos that loaded, by card id (others are drawn square). */
  sizes: Record<string, PhotoSize | null>;
  layout: BoardLayout;
  onLayout: (change: (layout: BoardLayout) => BoardLayout) => void;
  viewportWidth: number;
  hintId: string;
}

/**
 * The board: the logo at the top and one card per photo, stacked with an offset. Cards drag, resize by
 * their corner or a two-finger pinch, and move with the arrow keys (+ and - resize); a click brings one
 * to the front.
 */
export function MoodboardBoard({
  boardRef,
  cards,
  sizes,
  layout,
  onLayout,
  viewportWidth,
  hintId,
}: MoodboardBoardProps) {
  const business = useBusiness();
  const width = cardWidth(viewportWidth);
  const offset = cardOffset(viewportWidth);
  const photoWidth = width - 2 * FRAME;
  const heightOf = (id: string) => {
    const size = sizes[id];
    return Math.round(size ? (photoWidth * size.height) / size.width : photoWidth);
  };
  const tallest = cards.reduce((max, card) => Math.max(max, heightOf(card.id)), 0) + 2 * FRAME + CAPTION;
  const minHeight = LOGO_SPACE + (cards.length - 1) * offset + tallest + 24;

  const raise = (id: string) =>
    onLayout((current) =>
      current.front.at(-1) === id ? current : { ...current, front: [...current.front.filter((f) => f !== id), id] },
    );
  const setPlacements = (update: (current: Arrangement) => Arrangement) =>
    onLayout((current) => ({ ...current, placements: update(current.placements) }));

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys reach it from the focused cards inside.
    <div
      ref={boardRef}
      className="moodboard-board"
      style={{ minHeight }}
      onKeyDown={(event) => handleArrangeKey(event, setPlacements, raise)}
    >
      <div className="moodboard-board__logo">
        <img src={business.logoUrl ?? '/favicon.svg'} alt="" width={44} height={44} />
        <span>
          {business.name}
          {business.tagline ? <small>{business.tagline}</small> : null}
        </span>
      </div>
      {cards.map((card, index) => {
        const { x, y } = stackPosition(index, cards.length, offset);
        const raised = layout.front.indexOf(card.id);
        const style = {
          width,
          left: `calc(50% - ${width / 2}px + ${x}px)`,
          top: LOGO_SPACE + y,
          zIndex: raised === -1 ? index + 1 : 1000 + raised,
          ...placementVars(placementOf(layout.placements, card.id)),
        } as CSSProperties;
        const size = sizes[card.id];
        return (
          <button
            key={card.id}
            type="button"
            className="moodboard-card"
            style={style}
            data-arrange-id={card.id}
            aria-describedby={hintId}
            onPointerDown={() => raise(card.id)}
            onClick={() => raise(card.id)}
          >
            {size === null ? (
              <span className="moodboard-card__missing" style={{ height: heightOf(card.id) }}>
                Photo unavailable
              </span>
            ) : (
              <img
                src={card.photoUrl}
                alt=""
                width={photoWidth}
                height={heightOf(card.id)}
                draggable={false}
                decoding="sync"
              />
            )}
            <span className="moodboard-card__label">{card.label}</span>
            <span
              className="arrange-handle moodboard-card__handle"
              data-arrange-handle
              data-export-skip
              aria-hidden="true"
            />
          </button>
        );
      })}
      <Suspense fallback={null}>
        <ArrangeGestures
          board={boardRef}
          enabled
          placementOf={(id) => placementOf(layout.placements, id)}
          onCommit={(id, placement) => setPlacements((current) => ({ ...current, [id]: placement }))}
          onStart={raise}
        />
      </Suspense>
    </div>
  );
}

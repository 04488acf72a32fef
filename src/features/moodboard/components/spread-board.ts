import type { Arrangement } from '../../../lib/arrange/placement';
import { type BoardArea, type StackedCard, spreadOut } from '../spread-out';

/** Room kept free at the board's edges and under its logo. */
const MARGIN = 16;

/** The board's cards as the stack drew them (layout boxes: placements are transforms, not counted here). */
function stackedCards(board: HTMLElement): StackedCard[] {
  return [...board.querySelectorAll<HTMLElement>('.moodboard-card[data-arrange-id]')].map((card) => ({
    id: card.dataset.arrangeId ?? '',
    left: card.offsetLeft,
    top: card.offsetTop,
    width: card.offsetWidth,
    height: card.offsetHeight,
  }));
}

/** What the cards may cover: the board under its logo, inside a margin. */
function freeArea(board: HTMLElement): BoardArea {
  const logo = board.querySelector<HTMLElement>('.moodboard-board__logo');
  const top = (logo ? logo.offsetTop + logo.offsetHeight : 0) + MARGIN;
  return {
    left: MARGIN,
    top,
    width: board.clientWidth - 2 * MARGIN,
    height: board.clientHeight - top - MARGIN,
  };
}

/** Placements that show every card of the board whole, in rows, as large as the board allows. */
export function spreadBoard(board: HTMLElement): Arrangement {
  return spreadOut(stackedCards(board), freeArea(board));
}

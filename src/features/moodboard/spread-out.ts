import { type Arrangement, HOME, MIN_SCALE, type Placement } from '../../lib/arrange/placement';

/** A card where the stack put it, at its own size, in board pixels (its layout box, before any placement). */
export interface StackedCard {
  id: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The room the cards may take on the board: under the logo, inside a margin. */
export interface BoardArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Room between cards, and the largest they grow to: their own size. */
const GAP = 16;
const LARGEST = 1;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** How tall rows of `columns` cards at `scale` stand, each as tall as its tallest card, with gaps. */
function gridHeight(cards: StackedCard[], columns: number, scale: number): number {
  let height = 0;
  for (let start = 0; start < cards.length; start += columns) {
    const row = cards.slice(start, start + columns);
    height += Math.max(...row.map((card) => card.height)) * scale + (start > 0 ? GAP : 0);
  }
  return height;
}

/** The largest scale (up to the cards' own size) at which rows of `columns` cards fit the area. */
function scaleFor(cards: StackedCard[], columns: number, area: BoardArea): number {
  const widest = Math.max(...cards.map((card) => card.width));
  const byWidth = (area.width - (columns - 1) * GAP) / (columns * widest);
  const tall = gridHeight(cards, columns, 1);
  const rows = Math.ceil(cards.length / columns);
  const byHeight = (area.height - (rows - 1) * GAP) / (tall - (rows - 1) * GAP);
  return Math.min(LARGEST, byWidth, byHeight);
}

/** The placement that draws `card` with its top-left corner at (x, y) and at `scale` (scaled about its centre). */
function placedAt(card: StackedCard, x: number, y: number, scale: number): Placement {
  const centreX = x + (card.width * scale) / 2;
  const centreY = y + (card.height * scale) / 2;
  return {
    tx: round(((centreX - (card.left + card.width / 2)) / card.width) * 100),
    ty: round(((centreY - (card.top + card.height / 2)) / card.height) * 100),
    s: round(scale),
  };
}

/**
 * Lays the stacked cards out in rows, in stack order, so that every photo shows whole: as many columns
 * as make the cards largest while all of them fit the area (never larger than their own size, never
 * smaller than the board lets a card be), each row centred. The moodboard's picture is then what a
 * planner wants to share: every prop, none hidden under another.
 */
export function spreadOut(cards: StackedCard[], area: BoardArea): Arrangement {
  if (cards.length === 0) return {};
  let columns = 1;
  let scale = scaleFor(cards, 1, area);
  for (let count = 2; count <= cards.length; count++) {
    const candidate = scaleFor(cards, count, area);
    if (candidate > scale) {
      scale = candidate;
      columns = count;
    }
  }
  scale = Math.max(MIN_SCALE, scale);
  const placements: Arrangement = {};
  let y = area.top + Math.max(0, (area.height - gridHeight(cards, columns, scale)) / 2);
  for (let start = 0; start < cards.length; start += columns) {
    const row = cards.slice(start, start + columns);
    const rowWidth = row.reduce((sum, card) => sum + card.width * scale, 0) + (row.length - 1) * GAP;
    let x = area.left + (area.width - rowWidth) / 2;
    for (const card of row) {
      placements[card.id] = placedAt(card, x, y, scale);
      x += card.width * scale + GAP;
    }
    y += Math.max(...row.map((card) => card.height)) * scale + GAP;
  }
  return placements;
}

/** Whether no card has been moved or resized: the board is still the stack it opened as. */
export function isStacked(ids: string[], placements: Arrangement): boolean {
  return ids.every((id) => {
    const p = placements[id];
    return !p || (p.tx === HOME.tx && p.ty === HOME.ty && p.s === HOME.s);
  });
}

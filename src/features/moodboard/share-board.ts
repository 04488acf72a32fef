import { HOME } from '../../lib/arrange/placement';
import { type CartLineDraft, lineKeyOf } from '../../lib/cart-line';
import { encodeBoard, type SharedBoard, type SharedLine } from '../../lib/moodboard-link';
import type { BoardLayout } from './state/moodboard-atoms';

/** How many photos (and so cards at most) a line brings: its own, plus a bundle's chosen variations. */
const photoCount = (line: CartLineDraft) => 1 + (line.isBundle ? line.bundleVariations.length : 0);
const cardId = (line: CartLineDraft, photo: number) => `${lineKeyOf(line)}#${photo}`;

/** The shareable form of a board: what its lines are and where each card lies. */
export function boardFromLines(lines: CartLineDraft[], layout: BoardLayout): SharedBoard {
  const lineIndex = new Map(lines.map((line, index) => [lineKeyOf(line), index]));
  return {
    lines: lines.map(
      (line): SharedLine => ({
        kind: line.isBundle ? 'bundle' : 'product',
        id: line.id,
        groupId: line.isBundle ? null : line.productGroupId,
        quantity: line.quantity,
        choices: line.bundleVariations.map(({ bundleItemId, productId }) => ({ bundleItemId, productId })),
        placements: Array.from(
          { length: photoCount(line) },
          (_, photo) => layout.placements[cardId(line, photo)] ?? HOME,
        ),
      }),
    ),
    front: layout.front.flatMap((id): [number, number][] => {
      const cut = id.lastIndexOf('#');
      const line = lineIndex.get(id.slice(0, cut));
      return line === undefined ? [] : [[line, Number(id.slice(cut + 1))]];
    }),
  };
}

/**
 * The layout of a shared board once its lines are looked up: `resolved[i]` is line i of the link, or
 * null when the catalogue no longer has it (its cards are left out).
 */
export function layoutFromShared(shared: SharedBoard, resolved: (CartLineDraft | null)[]): BoardLayout {
  const placements: BoardLayout['placements'] = {};
  shared.lines.forEach((sharedLine, index) => {
    const line = resolved[index];
    if (!line) return;
    sharedLine.placements.slice(0, photoCount(line)).forEach((placement, photo) => {
      // A card still on the stack needs no entry.
      if (placement.tx !== HOME.tx || placement.ty !== HOME.ty || placement.s !== HOME.s)
        placements[cardId(line, photo)] = placement;
    });
  });
  const front = shared.front.flatMap(([index, photo]) => {
    const line = resolved[index];
    return line && photo < photoCount(line) ? [cardId(line, photo)] : [];
  });
  return { placements, front };
}

/** The link that opens this board on any device. */
export function shareUrl(origin: string, lines: CartLineDraft[], layout: BoardLayout): string {
  return `${origin}/moodboard?board=${encodeBoard(boardFromLines(lines, layout))}`;
}

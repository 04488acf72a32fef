import { describe, expect, it } from 'vitest';
import { isStacked, type StackedCard, spreadOut } from '../../../../src/features/moodboard/spread-out';
import type { Arrangement } from '../../../../src/lib/arrange/placement';

/** The card's box as drawn: its layout box moved by tx/ty (percent of itself) and scaled about its centre. */
function drawn(card: StackedCard, placements: Arrangement) {
  const p = placements[card.id] ?? { tx: 0, ty: 0, s: 1 };
  const centreX = card.left + card.width / 2 + (p.tx / 100) * card.width;
  const centreY = card.top + card.height / 2 + (p.ty / 100) * card.height;
  const width = card.width * p.s;
  const height = card.height * p.s;
  return {
    left: centreX - width / 2,
    top: centreY - height / 2,
    right: centreX + width / 2,
    bottom: centreY + height / 2,
  };
}

/** A stack as the board draws it: each card `offset` px right of and below the one before. */
const stack = (count: number, width: number, heights: number[], offset: number, boardWidth: number): StackedCard[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `card-${i}`,
    left: boardWidth / 2 - width / 2 + i * offset - ((count - 1) * offset) / 2,
    top: 104 + i * offset,
    width,
    height: heights[i % heights.length] ?? width,
  }));

function expectEveryCardWholeInside(cards: StackedCard[], placements: Arrangement, area: ReturnType<typeof areaOf>) {
  const boxes = cards.map((card) => drawn(card, placements));
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(area.left - 0.5);
    expect(box.top).toBeGreaterThanOrEqual(area.top - 0.5);
    expect(box.right).toBeLessThanOrEqual(area.left + area.width + 0.5);
    expect(box.bottom).toBeLessThanOrEqual(area.top + area.height + 0.5);
  }
  // No card covers any part of another: every photo shows whole.
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      expect(apart).toBe(true);
    }
  }
}

const areaOf = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

describe('spreading the moodboard out', () => {
  it('shows six 400 px cards of a wide board whole, in rows, none under another', () => {
    const cards = stack(6, 400, [430, 500, 380], 20, 1440);
    const area = areaOf(16, 180, 1408, 520);
    const placements = spreadOut(cards, area);
    expectEveryCardWholeInside(cards, placements, area);
    const scales = new Set(Object.values(placements).map((p) => p.s));
    expect(scales.size).toBe(1);
    // As large as fits: three to a row at a little over half their size here.
    expect([...scales][0]).toBeGreaterThan(0.5);
  });

  it('shows the cards of a phone board whole, never larger than their own size', () => {
    const cards = stack(5, 300, [310, 420], 10, 390);
    const area = areaOf(16, 150, 358, 560);
    const placements = spreadOut(cards, area);
    expectEveryCardWholeInside(cards, placements, area);
    expect(Object.values(placements).every((p) => p.s <= 1)).toBe(true);
  });

  it('leaves one card at most its own size, centred', () => {
    const [card] = stack(1, 400, [400], 20, 1440);
    const placements = spreadOut(card ? [card] : [], areaOf(16, 180, 1408, 600));
    expect(placements['card-0']?.s).toBe(1);
  });

  it('knows a board nobody has moved from one arranged', () => {
    expect(isStacked(['a', 'b'], {})).toBe(true);
    expect(isStacked(['a', 'b'], { a: { tx: 0, ty: 0, s: 1 } })).toBe(true);
    expect(isStacked(['a', 'b'], { b: { tx: 4, ty: 0, s: 1 } })).toBe(false);
  });
});

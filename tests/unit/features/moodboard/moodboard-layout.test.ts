import { describe, expect, it } from 'vitest';
import {
  boardPhotoUrl,
  cardOffset,
  cardsFor,
  cardWidth,
  moodboardFileName,
  progressPercent,
  stackPosition,
} from '../../../../src/features/moodboard/moodboard-layout';
import type { CartLineDraft } from '../../../../src/lib/cart-line';

const line = (over: Partial<CartLineDraft>): CartLineDraft => ({
  id: 'p1',
  name: 'Gold Mirror Plinth',
  priceCents: 1000,
  photo_url: '/photos/p1/large_gold.webp',
  stock_count: 3,
  quantity: 1,
  isBundle: false,
  bundleVariations: [],
  productGroupId: 'g1',
  ...over,
});

describe('moodboard card sizing (spec section 9)', () => {
  it.each([
    [360, 300],
    [768, 300],
    [769, 350],
    [1024, 350],
    [1025, 400],
    [1920, 400],
  ])('a %i px window gets %i px cards', (width, card) => {
    expect(cardWidth(width)).toBe(card);
  });

  it.each([
    [390, 10],
    [768, 10],
    [769, 20],
    [1440, 20],
  ])('stacks cards %i px apart on a %i px window', (width, offset) => {
    expect(cardOffset(width)).toBe(offset);
  });

  it('stacks each card one offset further, the stack centred', () => {
    expect([0, 1, 2].map((i) => stackPosition(i, 3, 20))).toEqual([
      { x: -20, y: 0 },
      { x: 0, y: 20 },
      { x: 20, y: 40 },
    ]);
    expect(stackPosition(0, 1, 10)).toEqual({ x: 0, y: 0 });
  });
});

describe('moodboard progress (spec section 4)', () => {
  it('is loaded / total as a percentage, capped at 100', () => {
    expect(progressPercent(0, 6)).toBe(0);
    expect(progressPercent(2, 6)).toBe(33);
    expect(progressPercent(6, 6)).toBe(100);
    expect(progressPercent(9, 6)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
  });
});

describe('moodboard file name', () => {
  it.each([
    ['Gold Mirror Plinth', 'gold-mirror-plinth-moodboard.png'],
    ['Tiffany Chair - Gold', 'tiffany-chair-gold-moodboard.png'],
    ['  Bride & Groom: "Mr/Mrs" Sign!  ', 'bride-groom-mr-mrs-sign-moodboard.png'],
    ['Café Crème Étagère', 'cafe-creme-etagere-moodboard.png'],
    ['Ваза 花瓶', 'ваза-花瓶-moodboard.png'],
    ['***', 'moodboard.png'],
    [undefined, 'moodboard.png'],
  ])('%s -> %s', (name, file) => {
    expect(moodboardFileName(name)).toBe(file);
  });

  it('keeps long names short and never ends a slug in a dash', () => {
    const file = moodboardFileName(`${'a'.repeat(59)} b c`);
    expect(file.length).toBeLessThanOrEqual(60 + '-moodboard.png'.length);
    expect(file).not.toMatch(/--/);
  });
});

describe('moodboard cards', () => {
  it('asks the image proxy for the xlarge photo at 800 px, a 400 px card at 2x', () => {
    expect(boardPhotoUrl('/photos/p1/large_gold.webp')).toBe(
      '/api/proxy-image?url=%2Fphotos%2Fp1%2Fxlarge_gold.webp&w=800',
    );
    expect(boardPhotoUrl('https://cdn.example.com/a/large_b.jpg')).toBe(
      `/api/proxy-image?url=${encodeURIComponent('https://cdn.example.com/a/xlarge_b.jpg')}&w=800`,
    );
  });

  it("makes one card per product and one per bundle photo and chosen variation's photo", () => {
    const cards = cardsFor([
      line({}),
      line({
        id: 'b1',
        name: 'Champagne Tower',
        isBundle: true,
        productGroupId: null,
        photo_url: '/photos/b1/large_tower.webp',
        bundleVariations: [
          { bundleItemId: 'i1', productId: 'p7', displayName: 'Coupe', displayPhotoUrl: '/photos/p7/large_c.webp' },
          { bundleItemId: 'i2', productId: 'p8', displayName: 'Stand', displayPhotoUrl: null },
        ],
      }),
      line({ id: 'p2', photo_url: null }),
    ]);
    expect(cards.map((card) => [card.id, card.label, card.lineIndex])).toEqual([
      ['product_p1_group_g1#0', 'Gold Mirror Plinth', 0],
      ['bundle_b1|i1=p7&i2=p8#0', 'Champagne Tower', 1],
      ['bundle_b1|i1=p7&i2=p8#1', 'Coupe', 1],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { boardFromLines, layoutFromShared, shareUrl } from '../../../src/features/moodboard/share-board';
import type { CartLineDraft } from '../../../src/lib/cart-line';
import { decodeBoard, encodeBoard, MAX_SHARE_PARAM } from '../../../src/lib/moodboard-link';

const product: CartLineDraft = {
  id: 'prod-1',
  name: 'Gold Mirror Plinth',
  priceCents: 4500,
  photo_url: '/photos/prod-1/large_a.webp',
  stock_count: 4,
  quantity: 2,
  isBundle: false,
  bundleVariations: [],
  productGroupId: 'group-1',
};
const bundle: CartLineDraft = {
  id: 'bundle-1',
  name: 'Champagne Tower',
  priceCents: 9000,
  photo_url: '/photos/bundle-1/large_b.webp',
  stock_count: 2,
  quantity: 1,
  isBundle: true,
  bundleVariations: [
    { bundleItemId: 'item-2', productId: 'prod-9', displayName: 'Coupe', displayPhotoUrl: '/photos/p/large_c.webp' },
  ],
  productGroupId: null,
};
const layout = {
  placements: {
    'product_prod-1_group_group-1#0': { tx: 12.5, ty: -40, s: 1.3 },
    'bundle_bundle-1|item-2=prod-9#1': { tx: -8, ty: 22.2, s: 0.8 },
  },
  front: ['bundle_bundle-1|item-2=prod-9#1', 'product_prod-1_group_group-1#0'],
};

/** Re-encodes a hand-made payload the way a tampered link would carry it. */
const raw = (payload: unknown) =>
  btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('share links', () => {
  it('round-trips lines, choices, placements and the front order', () => {
    const shared = boardFromLines([product, bundle], layout);
    const decoded = decodeBoard(encodeBoard(shared));
    expect(decoded).toEqual({ ...shared, dropped: 0 });
    expect(layoutFromShared(shared, [product, bundle])).toEqual(layout);
  });

  it('builds a /moodboard link with a URL-safe parameter', () => {
    const url = shareUrl('https://tan.example', [product, bundle], layout);
    expect(url).toMatch(/^https:\/\/tan\.example\/moodboard\?board=[A-Za-z0-9_-]+$/);
    expect(decodeBoard(new URL(url).searchParams.get('board'))?.lines).toHaveLength(2);
  });

  it('carries names with any characters (they are looked up again, not trusted)', () => {
    const decoded = decodeBoard(encodeBoard(boardFromLines([{ ...product, name: 'Vase 花瓶 "é"' }], layout)));
    expect(decoded?.lines[0]?.id).toBe('prod-1');
  });

  it.each([
    ['empty', ''],
    ['not base64', '%%%'],
    ['not JSON', btoa('not json')],
    ['another version', raw({ v: 2, l: [{ i: 'a', g: 'b', q: 1 }] })],
    ['no lines', raw({ v: 1, l: [] })],
    ['too long', 'A'.repeat(MAX_SHARE_PARAM + 1)],
    ['a truncated link', encodeBoard(boardFromLines([product, bundle], layout)).slice(0, 40)],
  ])('refuses a link that cannot be read: %s', (_, param) => {
    expect(decodeBoard(param)).toBeNull();
  });

  it('keeps the lines that check out and counts the ones left out', () => {
    const decoded = decodeBoard(
      raw({
        v: 1,
        l: [
          { i: 'prod-1', g: 'group-1', q: 1, p: [[1, 2, 1]] },
          { i: '../../etc', g: 'group-1', q: 1 },
          { i: 'prod-2', q: 1 },
          { b: 1, i: 'bundle-1', g: 'group-1', q: 1 },
          { i: 'prod-3', g: 'group-3', q: -4 },
          { i: 'prod-4', g: 'group-4', q: 1, c: [['x', 'y']] },
          { b: 1, i: 'bundle-2', q: 3, c: [['item-1', 'prod-5']] },
        ],
        z: [[6, 0], [1, 0], [0, 99], 'x'],
      }),
    );
    expect(decoded?.dropped).toBe(5);
    expect(decoded?.lines.map((line) => line.id)).toEqual(['prod-1', 'bundle-2']);
    expect(decoded?.lines[1]?.choices).toEqual([{ bundleItemId: 'item-1', productId: 'prod-5' }]);
    // Front pairs follow their lines to their new places; pairs of dropped lines go.
    expect(decoded?.front).toEqual([[1, 0]]);
  });

  it('puts a card with an impossible placement back on the stack', () => {
    const decoded = decodeBoard(
      raw({ v: 1, l: [{ i: 'p', g: 'g', q: 1, p: [[1e9, 0, 1], [0, 0, 40], 'x', [5, 6, 1.5]] }] }),
    );
    expect(decoded?.lines[0]?.placements).toEqual([
      { tx: 0, ty: 0, s: 1 },
      { tx: 0, ty: 0, s: 1 },
      { tx: 0, ty: 0, s: 1 },
      { tx: 5, ty: 6, s: 1.5 },
    ]);
  });

  it('leaves out the cards of lines the catalogue no longer has', () => {
    const shared = boardFromLines([product, bundle], layout);
    expect(layoutFromShared(shared, [null, bundle])).toEqual({
      placements: { 'bundle_bundle-1|item-2=prod-9#1': layout.placements['bundle_bundle-1|item-2=prod-9#1'] },
      front: ['bundle_bundle-1|item-2=prod-9#1'],
    });
  });
});

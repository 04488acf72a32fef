import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { loadBoardLayout, parseLayout, saveBoardLayout } from '../../../../src/features/moodboard/moodboard-storage';

describe('stored moodboard layout', () => {
  it('reads back what was stored', async () => {
    const layout = {
      placements: { 'product_a_group_b#0': { tx: 10, ty: -5, s: 1.2 } },
      front: ['product_a_group_b#0'],
    };
    await saveBoardLayout(layout);
    expect(await loadBoardLayout()).toEqual(layout);
  });

  it('drops a record it cannot read, or a placement out of range, and starts from the stack', () => {
    expect(parseLayout(undefined)).toEqual({ placements: {}, front: [] });
    expect(parseLayout({ version: 1, placements: { a: { tx: 'x', ty: 0, s: 1 } }, front: [] })).toEqual({
      placements: {},
      front: [],
    });
    expect(parseLayout({ version: 1, placements: { a: { tx: 0, ty: 0, s: 99 } }, front: [] }).placements).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { materialOf, sizeOf } from '../../server/seed/photo-materials';
import { sceneSvg, shapeBounds } from '../../server/seed/photo-render';

describe('demo photo materials', () => {
  it.each([
    ['Clear', 'Ghost Plinth', 'acrylic'],
    ['Frosted White', 'Acrylic Round Plinth', 'frosted'],
    [undefined, 'Silver Mirror Plinth', 'mirror'],
    [undefined, 'Travertine Look Plinth', 'marble'],
    ['White', 'Marble Side Table', 'marble'],
    ['Natural', 'Rustic Timber Ceremony Arch', 'wood'],
    [undefined, 'Rattan Plinth', 'woven'],
    ['Blush', 'Linen Tablecloth', 'linen'],
    ['Burgundy', 'Giant Velvet Bow', 'velvet'],
    ['Gold', 'Sequin Shimmer Wall', 'metal'],
    [undefined, 'Sequin Shimmer Wall', 'sequin'],
    ['Pink', 'Scalloped Dinner Plate', 'ceramic'],
    ['Pink', 'Coloured Square Plinth', 'matte'],
  ])('reads %s %s as %s', (variation, name, material) => {
    expect(materialOf(variation, name)).toBe(material);
  });

  it('grades sizes so a set stands from small to large', () => {
    expect([sizeOf('Small'), sizeOf('Medium'), sizeOf('Large')]).toEqual([0.72, 0.86, 1]);
    expect(sizeOf('20 cm')).toBeLessThan(sizeOf('60 cm'));
    expect(sizeOf('Gold')).toBe(1);
  });

  it('measures a silhouette and keeps every prop of a scene inside the frame', async () => {
    const bounds = await shapeBounds('ghost-plinth');
    expect(bounds.width).toBeGreaterThan(10);
    expect(bounds.width).toBeLessThan(100);
    const items = [
      { shape: 'table', colour: '#b88b5a', material: 'wood' },
      { shape: 'chair', colour: 'clear' },
      { shape: 'ghost-plinth', colour: 'clear', size: 0.7 },
      { shape: 'plate', colour: '#f6f3ec', material: 'ceramic' },
    ] as const;
    const svg = await sceneSvg([...items], 'frame-test', 500, 500);
    // Each prop is translated to its centre x and scaled: its measured box must lie inside 0..100.
    const props = [...svg.matchAll(/translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\) translate\(-[\d.]+ -92\)/g)];
    expect(props).toHaveLength(4);
    for (const [index, match] of props.entries()) {
      const box = await shapeBounds((items[index] as (typeof items)[number]).shape);
      const [x, floor, scale] = [Number(match[1]), Number(match[2]), Number(match[3])];
      expect(x - (box.width * scale) / 2).toBeGreaterThanOrEqual(0);
      expect(x + (box.width * scale) / 2).toBeLessThanOrEqual(100);
      expect(floor - (92 - box.top) * scale).toBeGreaterThanOrEqual(0);
    }
    expect(svg).toContain('url(#m1)');
  });
});

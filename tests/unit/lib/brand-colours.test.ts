import { describe, expect, it } from 'vitest';
import { brandColour, brandStyle, contrast, MIN_CONTRAST } from '../../../src/lib/api-contract/brand-colours';

describe('the brand colour from the accent', () => {
  it('keeps an accent dark enough for white text and the cream page', () => {
    expect(brandColour('#2b2927')).toBe('#2b2927');
    expect(brandColour('#1F4E5F')).toBe('#1f4e5f');
    expect(brandStyle('#1f4e5f')).toBe(':root{--color-charcoal:#1f4e5f}');
  });

  it('darkens a light accent, keeping its hue, until both read at 4.5:1', () => {
    for (const accent of ['#f4c2c2', '#c8a27a', '#ffd700', '#7fffd4', '#ffffff', '#e07a5f']) {
      const colour = brandColour(accent);
      expect(colour).not.toBe(accent);
      expect(contrast(colour, '#fffdf9')).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(colour, '#f7f2ea')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    // Darkened, not replaced: a gold stays warm (red above blue).
    const [r, , b] = [1, 3, 5].map((at) => Number.parseInt(brandColour('#ffd700').slice(at, at + 2), 16)) as number[];
    expect(r).toBeGreaterThan(b as number);
  });

  it('falls back to charcoal for a value that is not #rrggbb', () => {
    expect(brandColour('teal')).toBe('#2b2927');
  });
});

import { describe, expect, it } from 'vitest';
import {
  HOME,
  keyed,
  MAX_SCALE,
  MIN_SCALE,
  movedBy,
  scaledBy,
  scaledByHandle,
} from '../../../src/lib/arrange/placement';

describe('placement rules', () => {
  it('moves by pointer pixels in percent of the piece', () => {
    expect(movedBy(HOME, 50, -20, 200, 100)).toEqual({ tx: 25, ty: -20, s: 1 });
    expect(movedBy(HOME, 50, 0, 0, 100)).toBe(HOME);
  });

  it('resizes within limits, keeping one scale for width and height', () => {
    expect(scaledBy(HOME, 1.5).s).toBe(1.5);
    expect(scaledBy(HOME, 10).s).toBe(MAX_SCALE);
    expect(scaledBy(HOME, 0.01).s).toBe(MIN_SCALE);
    expect(scaledBy(HOME, Number.NaN)).toBe(HOME);
    expect(scaledByHandle(HOME, 100, 200).s).toBe(1.5);
    expect(scaledByHandle({ tx: 0, ty: 0, s: 2 }, 100, 200).s).toBe(2.5);
  });

  it('moves with arrows (Shift for larger steps) and resizes with + and -', () => {
    expect(keyed(HOME, 'ArrowRight', false)).toEqual({ tx: 2, ty: 0, s: 1 });
    expect(keyed(HOME, 'ArrowUp', true)).toEqual({ tx: 0, ty: -10, s: 1 });
    expect(keyed(HOME, '+', false)?.s).toBe(1.1);
    expect(keyed(HOME, '-', false)?.s).toBe(0.909);
    expect(keyed(HOME, 'a', false)).toBeNull();
  });
});

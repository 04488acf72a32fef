/**
 * Where a visitor moved and how far they resized one piece of an arranged board (the home collage,
 * the moodboard): an offset in percent of the piece's own size, and a scale. Percentages keep an
 * arrangement right when the board is drawn at another width.
 */
export interface Placement {
  /** Offsets in percent of the piece's width and height. */
  tx: number;
  ty: number;
  /** 1 is the piece's own size; width and height scale together, so the aspect ratio is kept. */
  s: number;
}

export type Arrangement = Record<string, Placement>;

export const HOME: Placement = { tx: 0, ty: 0, s: 1 };
export const MIN_SCALE = 0.4;
export const MAX_SCALE = 2.5;
/** Keyboard steps: an arrow moves 2 % of the piece (Shift: 10 %); + and - resize by 10 %. */
export const KEY_STEP = 2;
export const KEY_STEP_LARGE = 10;
export const KEY_SCALE = 1.1;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
const round = (value: number) => Math.round(value * 1000) / 1000;

export function placementOf(arrangement: Arrangement, id: string): Placement {
  return arrangement[id] ?? HOME;
}

/** Moves by a pointer distance in pixels, for a piece drawn `width` x `height` pixels at scale 1. */
export function movedBy(p: Placement, dx: number, dy: number, width: number, height: number): Placement {
  if (width <= 0 || height <= 0) return p;
  return { ...p, tx: round(p.tx + (dx / width) * 100), ty: round(p.ty + (dy / height) * 100) };
}

/** Resizes by a factor, within the board's limits. */
export function scaledBy(p: Placement, factor: number): Placement {
  return Number.isFinite(factor) && factor > 0 ? { ...p, s: round(clampScale(p.s * factor)) } : p;
}

/** A corner handle dragged by dx pixels on a piece `width` pixels wide grows it by (width + dx) / width. */
export function scaledByHandle(p: Placement, dx: number, width: number): Placement {
  return width > 0 ? scaledBy(p, (width * p.s + dx) / (width * p.s)) : p;
}

/** The keyboard's change for a key, or null for keys the board does not use. */
export function keyed(p: Placement, key: string, shift: boolean): Placement | null {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { ...p, tx: round(p.tx - step) };
    case 'ArrowRight':
      return { ...p, tx: round(p.tx + step) };
    case 'ArrowUp':
      return { ...p, ty: round(p.ty - step) };
    case 'ArrowDown':
      return { ...p, ty: round(p.ty + step) };
    case '+':
    case '=':
      return scaledBy(p, KEY_SCALE);
    case '-':
    case '_':
      return scaledBy(p, 1 / KEY_SCALE);
    default:
      return null;
  }
}

/** The CSS custom properties that draw a placement (see the board's stylesheet). */
export function placementVars(p: Placement): Record<string, string> {
  return { '--tx': `${p.tx}%`, '--ty': `${p.ty}%`, '--s': String(p.s) };
}

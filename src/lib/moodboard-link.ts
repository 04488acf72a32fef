import * as z from 'zod/mini';
import { type Arrangement, HOME, MAX_SCALE, MIN_SCALE, type Placement } from './arrange/placement';

/**
 * A moodboard travels in its link: the lines (what to fetch from the catalogue), the bundles' choices
 * and every card's placement. No server keeps anything; the catalogue is asked again on the way in,
 * so prices and stock are never taken from a link.
 */
export const SHARE_VERSION = 1;
/** Longer links are refused before they are read. */
export const MAX_SHARE_PARAM = 8_000;
export const MAX_SHARED_LINES = 40;

/** One line of a shared board: a product (with its group) or a bundle with its choices. */
export interface SharedLine {
  kind: 'product' | 'bundle';
  id: string;
  /** The product's group; null for a bundle. */
  groupId: string | null;
  quantity: number;
  choices: { bundleItemId: string; productId: string }[];
  /** The placements of the line's cards, in card order. */
  placements: Placement[];
}

export interface SharedBoard {
  lines: SharedLine[];
  /** Cards brought to the front, as [line index, card index] pairs, last on top. */
  front: [number, number][];
}

export interface DecodedBoard extends SharedBoard {
  /** Lines of the link that could not be read and were left out. */
  dropped: number;
}

const idSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const placementSchema = z.tuple([
  z.number().check(z.gte(-5000), z.lte(5000)),
  z.number().check(z.gte(-5000), z.lte(5000)),
  z.number().check(z.gte(MIN_SCALE), z.lte(MAX_SCALE)),
]);
const lineSchema = z.object({
  b: z.optional(z.literal(1)),
  i: idSchema,
  g: z.optional(idSchema),
  q: z.int().check(z.gte(1), z.lte(999)),
  c: z.optional(z.array(z.tuple([idSchema, idSchema])).check(z.maxLength(20))),
  p: z.optional(z.array(z.unknown()).check(z.maxLength(21))),
});
const boardSchema = z.object({
  v: z.literal(SHARE_VERSION),
  l: z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_SHARED_LINES)),
  z: z.optional(z.array(z.unknown()).check(z.maxLength(1000))),
});

const round = (value: number) => Math.round(value * 10) / 10;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The `board` parameter of a share link. */
export function encodeBoard(board: SharedBoard): string {
  const payload = {
    v: SHARE_VERSION,
    l: board.lines.map((line) => ({
      ...(line.kind === 'bundle' ? { b: 1 } : {}),
      i: line.id,
      ...(line.groupId ? { g: line.groupId } : {}),
      q: line.quantity,
      ...(line.choices.length > 0 ? { c: line.choices.map((c) => [c.bundleItemId, c.productId]) } : {}),
      p: line.placements.map((p) => [round(p.tx), round(p.ty), Math.round(p.s * 1000) / 1000]),
    })),
    ...(board.front.length > 0 ? { z: board.front } : {}),
  };
  return toBase64Url(JSON.stringify(payload));
}

/**
 * Reads a `board` parameter. Null when nothing can be read (not base64, not JSON, another version);
 * otherwise every line that checks out, with a count of the ones left out. A placement out of range
 * is put back on the stack rather than trusted.
 */
export function decodeBoard(param: string | undefined | null): DecodedBoard | null {
  if (!param || param.length > MAX_SHARE_PARAM) return null;
  const text = fromBase64Url(param);
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const board = boardSchema.safeParse(raw);
  if (!board.success) return null;
  const lines: SharedLine[] = [];
  const kept: number[] = [];
  board.data.l.forEach((value, index) => {
    const line = lineSchema.safeParse(value);
    if (!line.success) return;
    const { b, i, g, q, c = [], p = [] } = line.data;
    const bundle = b === 1;
    // A product needs its group; a bundle has none, and only bundles carry choices.
    if (bundle === Boolean(g) || (!bundle && c.length > 0)) return;
    kept[index] = lines.length;
    lines.push({
      kind: bundle ? 'bundle' : 'product',
      id: i,
      groupId: g ?? null,
      quantity: q,
      choices: c.map(([bundleItemId, productId]) => ({ bundleItemId, productId })),
      placements: p.map((entry) => {
        const placement = placementSchema.safeParse(entry);
        return placement.success ? { tx: placement.data[0], ty: placement.data[1], s: placement.data[2] } : HOME;
      }),
    });
  });
  const front = (board.data.z ?? []).flatMap((entry): [number, number][] => {
    if (!Array.isArray(entry) || entry.length !== 2) return [];
    const [line, card] = entry as unknown[];
    if (!Number.isInteger(line) || !Number.isInteger(card)) return [];
    const at = kept[line as number];
    return at === undefined || (card as number) < 0 || (card as number) > 20 ? [] : [[at, card as number]];
  });
  return { lines, front, dropped: board.data.l.length - lines.length };
}

/** Placements of a line's cards from an arrangement keyed by card id (`{lineKey}#{index}`). */
export function placementsOf(arrangement: Arrangement, cardIds: string[]): Placement[] {
  return cardIds.map((id) => arrangement[id] ?? HOME);
}

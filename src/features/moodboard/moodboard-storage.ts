import { createStore, get, set } from 'idb-keyval';
import * as z from 'zod/mini';
import { MAX_SCALE, MIN_SCALE } from '../../lib/arrange/placement';
import { type BoardLayout, EMPTY_LAYOUT } from './state/moodboard-atoms';

/**
 * The cart board's layout in IndexedDB, next to the cart, so a planner who closes the app finds the
 * board as they left it. Placements are kept by card id, so a card keeps its place while the cart
 * changes around it. At most this many cards are remembered.
 */
export const MAX_STORED_CARDS = 200;
const KEY = 'cart-board';
const VERSION = 1;

const finite = z.number().check(z.gte(-5000), z.lte(5000));
const recordSchema = z.object({
  version: z.literal(VERSION),
  placements: z.record(
    z.string().check(z.maxLength(400)),
    z.object({ tx: finite, ty: finite, s: z.number().check(z.gte(MIN_SCALE), z.lte(MAX_SCALE)) }),
  ),
  front: z.array(z.string().check(z.maxLength(400))),
});

const store = typeof indexedDB === 'undefined' ? undefined : createStore('storefront-moodboard', 'boards');

export function parseLayout(raw: unknown): BoardLayout {
  const record = recordSchema.safeParse(raw);
  if (!record.success) {
    if (raw !== undefined) console.warn('Dropped a stored moodboard layout that could not be read');
    return EMPTY_LAYOUT;
  }
  return { placements: record.data.placements, front: record.data.front };
}

export async function loadBoardLayout(): Promise<BoardLayout> {
  try {
    return parseLayout(await get(KEY, store));
  } catch (error) {
    console.warn('Could not read the stored moodboard', error);
    return EMPTY_LAYOUT;
  }
}

/** Stores the layout; past MAX_STORED_CARDS the oldest cards are forgotten. */
export async function saveBoardLayout(layout: BoardLayout): Promise<void> {
  const entries = Object.entries(layout.placements).slice(-MAX_STORED_CARDS);
  await set(
    KEY,
    { version: VERSION, placements: Object.fromEntries(entries), front: layout.front.slice(-MAX_STORED_CARDS) },
    store,
  ).catch((error: unknown) => console.warn('Could not store the moodboard', error));
}

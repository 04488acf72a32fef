import { atom } from 'jotai';
import type { Arrangement } from '../../../lib/arrange/placement';

export interface BoardLayout {
  /** Card placements by card id. */
  placements: Arrangement;
  /** Card ids brought to the front, last on top. */
  front: string[];
}

export const EMPTY_LAYOUT: BoardLayout = { placements: {}, front: [] };

/** The cart board's layout while the app is open (also stored in IndexedDB). */
export const cartBoardLayoutAtom = atom<BoardLayout | null>(null);

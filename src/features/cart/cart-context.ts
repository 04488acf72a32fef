import { createContext } from 'react';
import type { CartItem, NewCartItem } from './cart-rules';

export interface CartActions {
  /** Resolves with the units added: 0 when the cart already held all the stock. */
  add(item: NewCartItem): Promise<number>;
  /** Several items at once (a shared board's): one stored write and one toast. Resolves with the units added. */
  addAll(items: readonly NewCartItem[]): Promise<number>;
  updateQuantity(lineKey: string, quantity: number): Promise<void>;
  removeLine(lineKey: string): Promise<void>;
  /** New event prices by line key (the server's, when they changed since the lines were added). */
  reprice(prices: ReadonlyMap<string, number>): Promise<void>;
  clear(): Promise<void>;
  /** Resolves once the stored cart has been read. */
  ready(): Promise<CartItem[]>;
}

export const CartContext = createContext<CartActions | null>(null);

import { type ReactNode, useEffect, useMemo } from 'react';
import { pushToast } from '../../../components/ui/toast-state';
import { type CartActions, CartContext } from '../cart-context';
import { addItem, type NewCartItem, removeLine, repriceLines, totalItems, updateQuantity } from '../cart-rules';
import { cartSync } from '../cart-sync';

// Several adds in a row are one toast, not a stack over the page.
const ADD_GROUP = { group: 'cart-add', summary: (count: number) => `${count} items have been added to your cart.` };

function addedMessage(item: NewCartItem): string {
  return item.isBundle
    ? `${item.name} bundle has been added to your cart.`
    : `${item.name} has been added to your cart.`;
}

export function CartProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void cartSync.hydrate();
  }, []);

  const actions = useMemo<CartActions>(
    () => ({
      async add(item) {
        let added = 0;
        await cartSync.mutate((items) => {
          const next = addItem(items, item);
          added = totalItems(next) - totalItems(items);
          return next;
        });
        if (added > 0) pushToast(addedMessage(item), 'success', ADD_GROUP);
        return added;
      },
      async addAll(newItems) {
        let added = 0;
        const landed: NewCartItem[] = [];
        await cartSync.mutate((items) => {
          let next = items;
          landed.length = 0;
          for (const item of newItems) {
            const after = addItem(next, item);
            if (totalItems(after) > totalItems(next)) landed.push(item);
            next = after;
          }
          added = totalItems(next) - totalItems(items);
          return next;
        });
        // One toast for the lot, whatever the time between the adds.
        if (landed.length === 1 && landed[0]) pushToast(addedMessage(landed[0]), 'success', ADD_GROUP);
        else if (landed.length > 1) pushToast(ADD_GROUP.summary(landed.length), 'success', ADD_GROUP);
        return added;
      },
      async updateQuantity(key, quantity) {
        await cartSync.mutate((items) => updateQuantity(items, key, quantity));
      },
      async removeLine(key) {
        await cartSync.mutate((items) => removeLine(items, key));
      },
      async reprice(prices) {
        await cartSync.mutate((items) => repriceLines(items, prices));
      },
      async clear() {
        await cartSync.mutate((items) => (items.length === 0 ? items : []));
      },
      async ready() {
        await cartSync.hydrate();
        return cartSync.mutate((items) => items);
      },
    }),
    [],
  );

  return <CartContext value={actions}>{children}</CartContext>;
}

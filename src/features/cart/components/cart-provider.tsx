import { type ReactNode, useEffect, useMemo } from 'react';
import { pushToast } from '../../../components/ui/toast-state';
import { type CartActions, CartContext } from '../cart-context';
import { addItem, removeLine, totalItems, updateQuantity } from '../cart-rules';
import { cartSync } from '../cart-sync';

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
        if (added > 0) {
          pushToast(
            item.isBundle
              ? `${item.name} bundle has been added to your cart.`
              : `${item.name} has been added to your cart.`,
            'success',
            // Several adds in a row (a shared board's items) are one toast, not a stack over the page.
            { group: 'cart-add', summary: (count) => `${count} items have been added to your cart.` },
          );
        }
        return added;
      },
      async updateQuantity(key, quantity) {
        await cartSync.mutate((items) => updateQuantity(items, key, quantity));
      },
      async removeLine(key) {
        await cartSync.mutate((items) => removeLine(items, key));
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

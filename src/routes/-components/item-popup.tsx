import { useNavigate } from '@tanstack/react-router';
import { useCart } from '../../features/cart';
import { ItemDialog, isItemType } from '../../features/catalogue';
import type { ItemSearch } from './item-search';

/** The detail popup wired to the cart; closing removes type and id from the URL. */
export function ItemPopup({ type, id }: ItemSearch) {
  const navigate = useNavigate();
  const cart = useCart();
  // The root route passes unvalidated parameters through: check them here too.
  if (!isItemType(type) || typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) return null;
  return (
    <ItemDialog
      key={`${type}-${id}`}
      type={type}
      id={id}
      onAdd={(item) => cart.add(item)}
      onClose={() =>
        void navigate({
          to: '.',
          search: (prev: Record<string, unknown>) => ({ ...prev, type: undefined, id: undefined }),
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}

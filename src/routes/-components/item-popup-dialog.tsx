import { useNavigate } from '@tanstack/react-router';
import { quantityInCart, useCart } from '../../features/cart';
import { ItemDialog, ItemErrorDialog, isItemType } from '../../features/catalogue';
import { type ItemSearch, isWellFormedItemId } from './item-search';

/** The detail popup wired to the cart; closing removes type and id from the URL. */
export function ItemPopupDialog({ type, id }: ItemSearch) {
  const navigate = useNavigate();
  const cart = useCart();
  // The root route passes unvalidated parameters through: check them here too.
  if (!isItemType(type) || typeof id !== 'string' || id === '') return null;
  const close = () =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, type: undefined, id: undefined }),
      replace: true,
      resetScroll: false,
    });
  if (!isWellFormedItemId(id)) return <ItemErrorDialog onClose={close} />;
  return (
    <ItemDialog
      key={`${type}-${id}`}
      type={type}
      id={id}
      onAdd={(item) => cart.add(item)}
      inCart={(line) => quantityInCart(cart.items, line)}
      onClose={close}
    />
  );
}

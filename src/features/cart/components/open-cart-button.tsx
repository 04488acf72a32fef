import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { cartDrawerOpenAtom } from '../state/cart-atoms';

/** A button in a page's words that opens the cart drawer (where the outbox is), wherever the cart button sits. */
export function OpenCartButton({
  children,
  className = 'button button--ghost',
}: {
  children: ReactNode;
  className?: string;
}) {
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
      {children}
    </button>
  );
}

import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec section 4: the 'Added to cart successfully!' banner shows for 2 seconds. */
export const ADDED_BANNER_MS = 2000;

export interface AddButtonProps {
  label: string;
  disabled: boolean;
  /** Resolves with the units added: the banner shows only when that is more than 0. */
  onAdd: () => Promise<number>;
}

/**
 * The popup's add button and the banner that confirms an add. Focus stays on the button through an
 * add (it is never disabled while the add runs, only deaf to a second press); when the add leaves it
 * disabled (all the stock is in the cart), focus moves to the banner that says what happened, never
 * to the page's body.
 */
export function AddButton({ label, disabled, onAdd }: AddButtonProps) {
  const [busy, setBusy] = useState(false);
  const [addedAt, setAddedAt] = useState<number | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const banner = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  const running = useRef(false);
  useEffect(() => {
    if (addedAt === null) return;
    const timer = setTimeout(() => setAddedAt(null), ADDED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [addedAt]);
  useLayoutEffect(() => {
    if (!disabled || !pressed.current) return;
    const active = document.activeElement;
    if (active === button.current || active === document.body || active === null) banner.current?.focus();
  }, [disabled]);
  return (
    <div className="add-to-cart">
      <button
        ref={button}
        type="button"
        className="button add-to-cart__button"
        disabled={disabled}
        aria-disabled={busy || undefined}
        onClick={async () => {
          if (running.current) return;
          running.current = true;
          pressed.current = true;
          setBusy(true);
          try {
            if ((await onAdd()) > 0) setAddedAt(Date.now());
          } finally {
            running.current = false;
            setBusy(false);
          }
        }}
      >
        {label}
      </button>
      <p ref={banner} className="add-to-cart__banner" role="status" tabIndex={-1}>
        {addedAt !== null ? 'Added to cart successfully!' : ''}
      </p>
    </div>
  );
}

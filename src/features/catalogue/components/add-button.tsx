import { useEffect, useState } from 'react';

/** Spec section 4: the 'Added to cart successfully!' banner shows for 2 seconds. */
export const ADDED_BANNER_MS = 2000;

export interface AddButtonProps {
  label: string;
  disabled: boolean;
  /** Resolves with the units added: the banner shows only when that is more than 0. */
  onAdd: () => Promise<number>;
}

/** The popup's add button and the banner that confirms an add. */
export function AddButton({ label, disabled, onAdd }: AddButtonProps) {
  const [busy, setBusy] = useState(false);
  const [addedAt, setAddedAt] = useState<number | null>(null);
  useEffect(() => {
    if (addedAt === null) return;
    const timer = setTimeout(() => setAddedAt(null), ADDED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [addedAt]);
  return (
    <div className="add-to-cart">
      <button
        type="button"
        className="button add-to-cart__button"
        disabled={disabled || busy}
        onClick={async () => {
          setBusy(true);
          try {
            if ((await onAdd()) > 0) setAddedAt(Date.now());
          } finally {
            setBusy(false);
          }
        }}
      >
        {label}
      </button>
      <p className="add-to-cart__banner" role="status">
        {addedAt !== null ? 'Added to cart successfully!' : ''}
      </p>
    </div>
  );
}

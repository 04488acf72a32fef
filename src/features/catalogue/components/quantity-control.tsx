import { useEffect, useId, useRef } from 'react';

export interface QuantityControlProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
  label?: string;
}

/** Spec section 5: minimum 1, maximum the available stock; non-numeric input is ignored. */
export function QuantityControl({ value, max, onChange, label = 'Quantity' }: QuantityControlProps) {
  const id = useId();
  const set = (next: number) => onChange(Math.min(max, Math.max(1, next)));
  const input = useRef<HTMLInputElement>(null);
  const typedEarly = useRef({ value, max, onChange });
  // A number typed into the server's HTML before the app woke: hydrating keeps it on screen but not
  // in the app's state, so it is taken into the state here, once (within the limits, as typed later).
  useEffect(() => {
    const typed = Number.parseInt(input.current?.value ?? '', 10);
    const { value: first, max: most, onChange: change } = typedEarly.current;
    if (!Number.isNaN(typed) && typed !== first) change(Math.min(most, Math.max(1, typed)));
  }, []);
  return (
    <div className="quantity">
      <label htmlFor={id}>{label}</label>
      <div className="stepper quantity__row">
        <button type="button" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => set(value - 1)}>
          −
        </button>
        <input
          ref={input}
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => {
            const parsed = Number.parseInt(event.target.value, 10);
            if (!Number.isNaN(parsed)) set(parsed);
          }}
        />
        <button type="button" aria-label="Increase quantity" disabled={value >= max} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}

import { useId } from 'react';

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
  return (
    <div className="quantity">
      <label htmlFor={id}>{label}</label>
      <div className="stepper quantity__row">
        <button type="button" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => set(value - 1)}>
          −
        </button>
        <input
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

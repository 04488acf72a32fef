/** The cart's bag, drawn in the text colour: the floating button's and the phone header's. */
export function CartIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d="M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

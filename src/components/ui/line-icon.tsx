/**
 * A drawn line icon on a 24-unit grid, in the text's colour: hidden from assistive technology (the
 * control beside it carries the name) unless it is given a label of its own.
 */
export function LineIcon({
  d,
  size = 20,
  strokeWidth = 1.6,
  label,
}: {
  d: string;
  size?: number;
  strokeWidth?: number;
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

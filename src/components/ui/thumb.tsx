import type { CSSProperties } from 'react';

/**
 * A line's small square photo (a cart line, a receipt, a search suggestion, a shared board), or a
 * plain square of the same size when the item has none. Decorative: the line names the item.
 */
export function Thumb({ src, size }: { src: string | null | undefined; size: number }) {
  const style = { '--thumb-size': `${size}px` } as CSSProperties;
  return src ? (
    <img className="thumb" style={style} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="thumb" style={style} aria-hidden="true" />
  );
}

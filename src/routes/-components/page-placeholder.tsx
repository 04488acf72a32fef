/**
 * What the server sends for a page rendered in the browser (checkout, success): a page's worth of
 * room, so the footer does not sit under the header and then jump when the page arrives.
 */
export function PagePlaceholder() {
  return <div className="page page--placeholder" aria-busy="true" />;
}

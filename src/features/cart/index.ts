export { type CartItem, type NewCartItem, quantityInCart } from './cart-rules';
export { CartButton } from './components/cart-button';
/** The cart drawer, a chunk of its own (the site's overlays load it after hydration). */
export const loadCartDrawer = () => import('./components/cart-drawer').then((m) => ({ default: m.CartDrawer }));
export { CartLines } from './components/cart-lines';
export { CartProvider } from './components/cart-provider';
export { ShortLinesSummary } from './components/short-lines';
export { useCart } from './use-cart';

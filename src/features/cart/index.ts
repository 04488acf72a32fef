export { type CartItem, lineKey, type NewCartItem, quantityInCart } from './cart-rules';
export { CartButton } from './components/cart-button';
export { CartDrawer } from './components/cart-drawer';
export { CartLines } from './components/cart-lines';
export { CartProvider } from './components/cart-provider';
export { HeaderCartButton } from './components/header-cart-button';
export { OpenCartButton } from './components/open-cart-button';
export { ShortLinesSummary } from './components/short-lines';
export { useCart } from './use-cart';

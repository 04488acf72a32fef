export type { CartItem, NewCartItem } from './cart-rules';
export { CartProvider } from './components/cart-provider';
export { useCart } from './use-cart';

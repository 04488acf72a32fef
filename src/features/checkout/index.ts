export { CheckoutPage } from './components/checkout-page';
export { OrderReceiptView } from './components/order-receipt-view';
export { type OrderReceipt, readReceipt } from './order-receipt';

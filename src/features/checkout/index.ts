export { CheckoutPage } from './components/checkout-page';
export { type OrderOutcome, submitOrderRequest } from './submit-order';

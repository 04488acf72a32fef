export { CheckoutPage } from './components/checkout-page';

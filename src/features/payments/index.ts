export { PaymentRules } from './components/payment-rules';

export { PaymentRules } from './components/payment-rules';
export { PaymentScheduleNote } from './components/payment-schedule-note';

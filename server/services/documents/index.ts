export * from './content';
export * from './documents';
export { issueInvoice, issuePaymentDocument } from './issue';
export { documentPdf } from './pdf';

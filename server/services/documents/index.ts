export * from './content';
export * from './documents';
export { issueInvoice, issuePaymentDocument, reissueInvoice } from './issue';
export { documentPdf } from './pdf';
export { type AcceptedTerms, acceptedTermsPdf } from './pdf-agreement';

export * from './content';
export * from './documents';
export { issueInvoice, issuePaymentDocument } from './issue';
export { type AcceptedTerms, acceptedTermsPdf, documentPdf } from './pdf';

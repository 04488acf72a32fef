export * from './content';
export * from './documents';
export { issueInvoice, issuePaymentDocument, reissueInvoice } from './issue';
export { type AcceptedTerms, acceptedTermsPdf, documentPdf } from './pdf';

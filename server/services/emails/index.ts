/**
 * Every email the business sends, one template per kind, each inside the one `layout` (the
 * business's name, details and colours, from its settings). A template is a pure function from a view
 * to `{ subject, html, text }`: the services queue what it returns (`enqueueMail`, in the transaction
 * of its cause). `tests/unit/server/emails.test.ts` renders every kind for two businesses and lints it
 * for Gmail, Outlook and Apple Mail.
 */
export { renderAcknowledgementEmail } from './acknowledgement';
export { renderBondSettledEmail } from './bond-settled';
export { renderConfirmedEmail } from './booking-confirmed';
export { renderContactEmail } from './contact';
export { renderDecisionEmail } from './decision';
export { renderFallbackEmail } from './fallback';
export { type HireReminder, renderHireReminderEmail } from './hire-reminder';
export { renderHoldReminderEmail } from './hold-reminder';
export { type EmailBrand, footer, layout, multiline, type RenderedEmail, whenText } from './layout';
export { renderChangeEmail } from './order-changed';
export { deliveryLine, orderBody } from './order-parts';
export { renderOrderEmail, requestSchedule } from './order-received';
export { type PaymentReminder, renderPaymentReminderEmail } from './payment-reminder';
export { type QuoteFacts, renderQuoteAcceptedEmail, renderQuoteEmail } from './quote';
export { signInEmail } from './sign-in';
export { renderStockShortfallEmail, stockShortfallText } from './stock-shortfall';
export { shortfallText, type TeamEmailView } from './team-parts';
export { renderTeamEmail } from './team-request';

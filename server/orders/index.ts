/**
 * Orders: a request as everything reads it (issue 59's read model). The emails, the documents, the
 * customer's booking page and the team's request page all show a request through `OrderView`, read
 * here and nowhere else. Import from this file only.
 */
export {
  basisOf,
  chargedLines,
  DELIVERY_QUOTE_NOTE,
  deliveryToQuote,
  type OrderView,
  ownLineIndex,
  ownLineLabel,
  totalsOfView,
} from './order-view';
export {
  addOwnLine,
  addWaiverLine,
  discountedCents,
  hasWaiver,
  hireCentsOf,
  type OwnLineView,
  ownLinesOf,
  ownLineView,
  removeOwnLine,
  settleSubtotal,
  waiverView,
} from './own-lines';
export { requestView, storedOrderView } from './read-model';

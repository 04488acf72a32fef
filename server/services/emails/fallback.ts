import type { OrderView } from '../../orders';
import { layout, type RenderedEmail } from './layout';
import { orderBody } from './order-parts';

/** To the business: an order request the server could not store, everything the visitor sent. */
export function renderFallbackEmail(order: OrderView, customerEmail: string): RenderedEmail {
  const subject = `Order request to enter by hand (not stored): ${customerEmail}`;
  const intro = `This order request could not be stored. Customer email: ${customerEmail}. Prices and items are as the visitor's browser sent them: check them against the catalogue.`;
  const body = orderBody(order, intro);
  return { subject, html: layout(order.brand, subject, body.html), text: body.text };
}

import { longDate } from '../../../src/lib/api-contract/dates';
import { html } from '../../lib/html';
import { layout, type RenderedEmail, whenText } from './layout';
import { actions, NOTICE, requestFacts, shortfallText, type TeamEmailView, windowText } from './team-parts';

/** To the business: one request, the customer's details, what its dates leave free, and what to do. */
export function renderTeamEmail(view: TeamEmailView): RenderedEmail {
  const { order } = view;
  const date = longDate(order.hireDate);
  const window = windowText(view.window);
  const subject = view.manual
    ? `Order request ${order.orderId} for ${date}: NEEDS MANUAL PROCESSING`
    : `Order request ${order.orderId} for ${date}: confirm or decline`;
  const held = view.expiresAt
    ? `It holds its items from ${window} until ${whenText(view.expiresAt, order.brand.timeZone)} unless you answer it first.`
    : `It holds its items from ${window}.`;
  const problems = [
    ...(order.problem ? [order.problem] : []),
    ...view.shortfalls.map(shortfallText).filter((line) => !order.problem?.includes(line)),
  ];
  const state = view.manual
    ? html`<p style="${NOTICE}"><strong>Needs manual processing:</strong> it holds no stock.${problems.map((p) => html`<br>${p}`)}</p>`
    : html`<p>${held}</p>`;
  const facts = requestFacts(order, view.customerEmail);
  const free = view.free.map((row) => html`<li>${row.name}: ${row.free} of ${row.stock} free</li>`);
  const links = actions(view.links, `${order.shopUrl}/team/requests/${order.orderId}`, order.brand);
  const body = html`<p><strong>${order.customerName}</strong> asked to hire for <strong>${date}</strong>.</p>
${state}
${facts.html}
<p><strong>Free from ${window}</strong> with this request counted:</p><ul>${free}</ul>
${links.html}`;
  const text = [
    `${order.customerName} asked to hire for ${date}.`,
    view.manual ? `NEEDS MANUAL PROCESSING: it holds no stock.\n${problems.join('\n')}` : held,
    '',
    ...facts.text,
    '',
    `Free from ${window} with this request counted:`,
    ...view.free.map((row) => `- ${row.name}: ${row.free} of ${row.stock} free`),
    '',
    ...links.text,
  ].join('\n');
  return { subject, html: layout(order.brand, subject, body), text };
}

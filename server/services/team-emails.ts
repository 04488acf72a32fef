import { addDays, type HoldWindow } from '../../src/lib/api-contract/hold-window';
import type { RequestOutcome } from '../booking';
import { publicOrigin } from '../lib/public-origin';
import type { QueuedEmail } from '../mail/queue';
import type { OrderView } from '../orders';
import { ORDER_ACTIONS, type OrderAction, signAction } from './action-tokens';
import type { MailContext } from './context';
import { renderHoldReminderEmail, renderTeamEmail } from './emails';

/** The team's address for an action on an order: a page at /team/requests/{token}. */
export const actionLink = (origin: string, token: string) => `${origin}/team/requests/${token}`;

/**
 * Signed Confirm, Decline and Cancel links of a request. Each works for 30 days; Cancel also until the
 * hire window has ended, so a booking for an event months away can still be cancelled.
 */
export function teamLinks(ctx: MailContext, orderId: string, window: HoldWindow): Record<OrderAction, string> {
  const now = ctx.clock();
  const origin = publicOrigin(ctx.config);
  const windowEnds = new Date(`${addDays(window.to, 1)}T00:00:00Z`);
  return Object.fromEntries(
    ORDER_ACTIONS.map((action) => [
      action,
      actionLink(origin, signAction(ctx.secret, orderId, action, now, action === 'cancel' ? windowEnds : null)),
    ]),
  ) as Record<OrderAction, string>;
}

/** The team's own email of a stored request, with its signed links: queued with the request. */
export function teamRequestEmail(
  ctx: MailContext,
  view: OrderView,
  customerEmail: string | null,
  outcome: RequestOutcome,
): QueuedEmail {
  return {
    kind: 'order_team',
    to: ctx.config.businessEmail,
    ...(customerEmail ? { replyTo: customerEmail } : {}),
    payload: { orderId: view.orderId },
    orderId: view.orderId,
    ...renderTeamEmail({
      order: view,
      customerEmail,
      window: outcome.window,
      // What each product leaves free once this request holds its share.
      free: outcome.free.map((row) => ({
        name: row.name,
        stock: row.stock,
        free: Math.max(0, row.free - (outcome.held ? row.needed : 0)),
      })),
      shortfalls: outcome.shortfalls,
      manual: !outcome.held,
      links: teamLinks(ctx, view.orderId, outcome.window),
      expiresAt: outcome.expiresAt,
    }),
  };
}

/** To the team: a request's hold lapses within a day, or has lapsed (it can still be answered). */
export function holdReminderEmail(
  ctx: MailContext,
  when: 'lapsing' | 'lapsed',
  request: { view: OrderView; customerEmail: string | null; window: HoldWindow; expiresAt: string },
): QueuedEmail {
  return {
    kind: when === 'lapsing' ? 'hold_lapsing' : 'hold_lapsed',
    to: ctx.config.businessEmail,
    ...(request.customerEmail ? { replyTo: request.customerEmail } : {}),
    payload: { orderId: request.view.orderId, expiresAt: request.expiresAt },
    orderId: request.view.orderId,
    // Once per hold: a hold extended later gets reminders of its own.
    dedupeKey: `hold_${when}:${request.view.orderId}:${request.expiresAt}`,
    ...renderHoldReminderEmail(when, {
      order: request.view,
      customerEmail: request.customerEmail,
      window: request.window,
      expiresAt: request.expiresAt,
      links: teamLinks(ctx, request.view.orderId, request.window),
    }),
  };
}

import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../app-services';
import { requestPage } from '../../render/team/request-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { changeRequest, type RequestChange } from '../../services/team/request-change';
import { shortfallText } from '../../services/team-email-templates';
import { signedInPage, type TeamEnv } from './guard';
import { requestPageData } from './requests';

const count = (max: number) => z.coerce.number().int().min(0).max(max);
const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || null);

const changeForm = z.object({
  hireDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the hire date.'),
  fulfilment: z.enum(['pickup', 'delivery'], { message: 'Choose pickup or delivery.' }),
  deliveryAddress: text(500),
  notes: text(2000),
  addProduct: z.string().max(100).optional(),
  addQuantity: z.union([z.literal(''), count(10_000)]).optional(),
});

/** The change form, read: its fields, each line's `qty:<line id>`, and the item to add. */
function readChange(form: Record<string, unknown>): RequestChange | string {
  const parsed = changeForm.safeParse(form);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Check the form.';
  const quantities = new Map<string, number>();
  for (const [key, value] of Object.entries(form)) {
    if (!key.startsWith('qty:')) continue;
    const quantity = count(10_000).safeParse(value);
    if (!quantity.success) return 'Write each quantity as a whole number, 0 or more (0 removes the item).';
    quantities.set(key.slice(4), quantity.data);
  }
  const { hireDate, fulfilment, deliveryAddress, notes, addProduct, addQuantity } = parsed.data;
  const add = addProduct && addQuantity ? { productId: addProduct, quantity: addQuantity } : null;
  return { hireDate, fulfilment, deliveryAddress, notes, quantities, add };
}

/**
 * POST /team/requests/:id/change: the request changed in one go, or its page again with why not
 * (400 for the form, 409 when it does not fit the stock on its new dates, and nothing changed).
 */
export function requestChangeRoutes(deps: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, deps.business());
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);
  const again = async (c: Context<TeamEnv>, id: string, text: string, status: 400 | 409) => {
    const data = await requestPageData(deps, id);
    if (!data) return missing(c);
    return c.html(requestPage(ctx(c), data, { text, tone: 'problem' }), status);
  };

  app.post('/:id{[0-9]+}/change', async (c) => {
    const id = c.req.param('id');
    const change = readChange(await c.req.parseBody());
    if (typeof change === 'string') return again(c, id, `Not changed: ${change}`, 400);
    const { member } = c.var.session;
    const outcome = await changeRequest(deps, id, change, { id: member.id, email: member.email });
    switch (outcome.kind) {
      case 'not_found':
        return missing(c);
      case 'invalid':
        return again(c, id, `Not changed: ${outcome.message}`, 400);
      case 'refused': {
        const short = [...outcome.shortfalls.map(shortfallText), ...outcome.problems].join('; ');
        return again(c, id, `Not changed: it does not fit on the new dates. ${short}. Nothing was changed.`, 409);
      }
      case 'unchanged':
        return c.redirect(`/team/requests/${id}?done=change_not_allowed`, 303);
      case 'nothing_changed':
        return c.redirect(`/team/requests/${id}?done=nothing_changed`, 303);
      default:
        return c.redirect(`/team/requests/${id}?done=changed`, 303);
    }
  });
  return app;
}

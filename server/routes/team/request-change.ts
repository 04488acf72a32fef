import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { parseDollars } from '../../../src/lib/api-contract/basis-points';
import { latestHireDate } from '../../../src/lib/api-contract/dates';
import { CLOCK_TIME } from '../../../src/lib/api-contract/hold-window';
import type { Services } from '../../app-services';
import { NEW_REQUEST_ROWS, type NewRequestForm, newRequestPage } from '../../render/team/new-request-page';
import { requestPage } from '../../render/team/request-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { shortfallText } from '../../services/emails';
import { wholeNumber } from '../../services/team/form-numbers';
import { pickerCatalogue, readPick } from '../../services/team/item-picks';
import { type NewRequest, newRequest } from '../../services/team/new-request';
import { changeRequest, type RequestChange } from '../../services/team/request-change';
import { requestPageData, type TypedChange } from '../../services/team/request-page-data';
import { signedInPage, type TeamEnv } from './guard';

const count = (max: number) => wholeNumber(0, max, `Write a whole number from 0 to ${max}.`);
const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || null);

/** The hand-over's time from a form's `timeFrom` and `timeTo`: both, or neither. */
const timeFields = z
  .object({
    timeFrom: z.string().optional(),
    timeTo: z.string().optional(),
  })
  .transform(({ timeFrom, timeTo }, ctx) => {
    const from = timeFrom?.trim() ?? '';
    const to = timeTo?.trim() ?? '';
    if (!from && !to) return null;
    if (!CLOCK_TIME.test(from) || !CLOCK_TIME.test(to)) {
      ctx.addIssue({ code: 'custom', message: 'Give the time as two times of day (from and to), or neither.' });
      return z.NEVER;
    }
    return { from, to };
  });

/** A last day of use as a form sends it: not sent (undefined), emptied (null) or a date. */
const lastDayField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const day = value.trim();
    if (!day) return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
    ctx.addIssue({ code: 'custom', message: 'Write the last day of use as a date, or leave it empty.' });
    return z.NEVER;
  });

const changeForm = z.object({
  hireDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the hire date.'),
  // Not sent: the hire keeps its length; sent empty: one day.
  lastDay: lastDayField,
  fulfilment: z.enum(['pickup', 'delivery'], { message: 'Choose pickup or delivery.' }),
  deliveryAddress: text(500),
  notes: text(2000),
  // Not sent: kept; empty: for the team to quote; else dollars before GST.
  deliveryFee: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!value.trim()) return null;
      const cents = parseDollars(value, { max: 9_999_999 });
      if (cents !== null) return cents;
      ctx.addIssue({
        code: 'custom',
        message: 'Write the delivery fee in dollars before GST, such as 45 or 45.50, or leave it empty to quote it.',
      });
      return z.NEVER;
    }),
  addProduct: z.string().max(100).optional(),
  addQuantity: z.union([z.literal(''), count(10_000)]).optional(),
});

const newRequestSchema = z.object({
  name: z.string().trim().min(1, 'Write the customer’s name.').max(200),
  email: z
    .string()
    .trim()
    .max(254)
    .transform((value) => value || null)
    .pipe(z.string().email('That email address does not look right.').nullable()),
  phone: text(40),
  hireDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the hire date.'),
  lastDay: lastDayField,
  fulfilment: z.enum(['pickup', 'delivery'], { message: 'Choose pickup or delivery.' }),
  deliveryAddress: text(500),
  notes: text(2000),
});

/** The new-request form as typed (to show again with a problem). */
function newRequestForm(body: Record<string, unknown>): NewRequestForm {
  const value = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  return {
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    hireDate: value('hireDate'),
    lastDay: value('lastDay'),
    fulfilment: value('fulfilment'),
    deliveryAddress: value('deliveryAddress'),
    timeFrom: value('timeFrom'),
    timeTo: value('timeTo'),
    notes: value('notes'),
    lines: Array.from({ length: NEW_REQUEST_ROWS }, (_, index) => ({
      productId: value(`product:${index}`),
      quantity: value(`quantity:${index}`),
    })),
    choices: typedChoices(body),
  };
}

/** The bundle choices of a form as typed, to show again. */
function typedChoices(body: Record<string, unknown>): Record<string, string> {
  const choices: Record<string, string> = {};
  for (const [key, value] of Object.entries(body))
    if (key.startsWith('choice:') && typeof value === 'string') choices[key] = value;
  return choices;
}

function readNewRequest(form: NewRequestForm): NewRequest | string {
  const choices = form.choices ?? {};
  const parsed = newRequestSchema.safeParse(form);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Check the form.';
  const time = timeFields.safeParse(form);
  if (!time.success) return time.error.issues[0]?.message ?? 'Check the times.';
  const lines: NewRequest['lines'] = [];
  for (const [row, line] of (form.lines ?? []).entries()) {
    if (!line.productId) continue;
    const quantity = wholeNumber(1, 10_000, 'quantity').safeParse(line.quantity);
    if (!quantity.success) return 'Write how many of each item as a whole number, 1 or more.';
    const pick = readPick(choices, String(row), line.productId, quantity.data);
    if (pick) lines.push({ row, pick });
  }
  return { ...parsed.data, time: time.data, lines };
}

/** A form's text fields as typed, to show again. */
function typedForm(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The change form, read: its fields, each line's `qty:<line id>`, and the item to add. */
function readChange(form: Record<string, unknown>): RequestChange | string {
  const parsed = changeForm.safeParse(form);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Check the form.';
  const time = timeFields.safeParse(form);
  if (!time.success) return time.error.issues[0]?.message ?? 'Check the times.';
  const quantities = new Map<string, number>();
  for (const [key, value] of Object.entries(form)) {
    if (!key.startsWith('qty:')) continue;
    const quantity = count(10_000).safeParse(value);
    if (!quantity.success) return 'Write each quantity as a whole number, 0 or more (0 removes the item).';
    quantities.set(key.slice(4), quantity.data);
  }
  const { hireDate, lastDay, fulfilment, deliveryAddress, notes, addProduct, addQuantity, deliveryFee } = parsed.data;
  const add = addProduct && addQuantity ? readPick(form, 'add', addProduct, addQuantity) : null;
  return {
    hireDate,
    lastDay,
    fulfilment,
    deliveryAddress,
    time: time.data,
    notes,
    quantities,
    add,
    ...(deliveryFee === undefined ? {} : { deliveryFeeCents: deliveryFee }),
  };
}

/**
 * POST /team/requests/:id/change: the request changed in one go, or its page again with why not
 * (400 for the form, 409 when it does not fit the stock on its new dates, and nothing changed).
 */
export function requestChangeRoutes(deps: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, deps.business());
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);
  /** The request's page again, its change form opened with what was typed, and why it was not saved. */
  const again = async (c: Context<TeamEnv>, id: string, text: string, status: 400 | 409, typed: TypedChange) => {
    const data = await requestPageData(deps, id);
    if (!data) return missing(c);
    return c.html(
      requestPage(ctx(c), { ...data, change: { ...data.change, typed } }, { text, tone: 'problem' }),
      status,
    );
  };

  const newPage = async (c: Context<TeamEnv>, form?: NewRequestForm, problem?: string) => {
    const today = deps.booking.today();
    const picker = await pickerCatalogue(deps.db);
    return newRequestPage(ctx(c), picker, { today, latest: latestHireDate(today) }, form, problem);
  };

  app.get('/new', async (c) => c.html(await newPage(c)));

  app.post('/new', async (c) => {
    const body = await c.req.parseBody();
    const form = newRequestForm(body);
    const parsed = readNewRequest(form);
    if (typeof parsed === 'string') return c.html(await newPage(c, form, `Not taken: ${parsed}`), 400);
    const { member } = c.var.session;
    const outcome = await newRequest(deps, parsed, { id: member.id, email: member.email });
    if (outcome.kind === 'invalid') return c.html(await newPage(c, form, `Not taken: ${outcome.message}`), 400);
    if (outcome.kind === 'choose') {
      const choose = { row: outcome.row, bundle: outcome.bundle };
      return c.html(await newPage(c, { ...form, choose }, `Not taken yet: ${outcome.message}`), 400);
    }
    return c.redirect(`/team/requests/${outcome.id}?done=${outcome.held ? 'entered' : 'entered_short'}`, 303);
  });

  app.post('/:id{[0-9]+}/change', async (c) => {
    const id = c.req.param('id');
    const body = await c.req.parseBody();
    const typed: TypedChange = { form: typedForm(body) };
    const change = readChange(body);
    if (typeof change === 'string') return again(c, id, `Not changed: ${change}`, 400, typed);
    const { member } = c.var.session;
    const outcome = await changeRequest(deps, id, change, { id: member.id, email: member.email });
    switch (outcome.kind) {
      case 'not_found':
        return missing(c);
      case 'invalid':
        return again(c, id, `Not changed: ${outcome.message}`, 400, typed);
      case 'choose':
        return again(c, id, `Not changed yet: ${outcome.message}`, 400, { ...typed, choose: outcome.bundle });
      case 'refused': {
        const short = [...outcome.shortfalls.map(shortfallText), ...outcome.problems].join('; ');
        return again(
          c,
          id,
          `Not changed: it does not fit on the new dates. ${short}. Nothing was changed.`,
          409,
          typed,
        );
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

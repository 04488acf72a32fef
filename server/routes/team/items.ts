import { type Context, Hono } from 'hono';
import type { Services } from '../../app-services';
import { bundlePage, groupPage, itemsPage, type SaveMessage } from '../../render/team/items-pages';
import { type RepairTyped, repairsCard } from '../../render/team/repairs-card';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { photosOf, putItemPhoto } from '../../services/team/item-photos';
import {
  findItems,
  parseBundleForm,
  parseGroupForm,
  productIdsOf,
  readBundle,
  readGroup,
  saveBundle,
  saveGroup,
} from '../../services/team/items';
import { putBackInStock, putInRepair, repairsOfGroup } from '../../services/team/repairs';
import { actingMember, signedInPage, type TeamEnv } from './guard';

/**
 * Find and edit any product or bundle. A save that meets a change made since the form was drawn
 * answers 409 with the item as it is now; one that would leave promised stock short answers 409 too.
 */
export function itemRoutes({ db, config, booking, clock, business }: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());
  const me = actingMember;
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no such item.'), 404);
  const statusOf = (m: SaveMessage) =>
    m.kind === 'saved' ? 200 : m.kind === 'invalid' ? 400 : m.kind === 'not_allowed' ? 403 : 409;

  app.get('/', async (c) => {
    const q = c.req.query('q');
    return c.html(itemsPage(ctx(c), q, await findItems(db, q)));
  });

  /** A group's page: its units in repair drawn with what was typed in that card, when a try is answered. */
  const groupView = async (
    c: Context<TeamEnv>,
    group: NonNullable<Awaited<ReturnType<typeof readGroup>>>,
    saved: SaveMessage | undefined,
    typed: RepairTyped | null = null,
  ) =>
    groupPage(
      ctx(c),
      group,
      await photosOf(db, group.id),
      saved,
      repairsCard(ctx(c), group.id, await repairsOfGroup({ db, booking }, group.id), booking.today(), typed),
    );

  app.get('/groups/:id', async (c) => {
    const group = await readGroup(db, c.req.param('id'));
    if (!group) return missing(c);
    return c.html(await groupView(c, group, doneOf(c.req.query('done'))));
  });

  // Units in repair (issue 62): put in, refused beside the field with what was typed kept.
  app.post('/groups/:id/repairs', async (c) => {
    const group = await readGroup(db, c.req.param('id'));
    if (!group) return missing(c);
    const body = await c.req.parseBody();
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const form = {
      productId: text('product'),
      quantity: text('quantity'),
      from: text('from'),
      to: text('to'),
      reason: text('reason'),
      evenSo: body.even_so === 'on',
    };
    if (!group.products.some((product) => product.id === form.productId)) return missing(c);
    const outcome = await putInRepair({ db, booking, clock }, form, me(c));
    if (outcome.kind === 'recorded') {
      return c.redirect(
        `/team/items/groups/${group.id}?done=${outcome.shortfalls.length ? 'repair_short' : 'repair'}`,
        303,
      );
    }
    if (outcome.kind === 'not_allowed') {
      return c.html(await groupView(c, group, { kind: 'invalid', problem: 'a read-only member changes nothing' }), 403);
    }
    if (outcome.kind === 'not_found') return missing(c);
    const typed: RepairTyped =
      outcome.kind === 'invalid'
        ? { form, problems: outcome.problems, shortfalls: [] }
        : { form, problems: {}, shortfalls: outcome.shortfalls };
    return c.html(await groupView(c, group, undefined, typed), outcome.kind === 'invalid' ? 400 : 409);
  });

  app.post('/groups/:id/repairs/:repair/back', async (c) => {
    const group = await readGroup(db, c.req.param('id'));
    if (!group) return missing(c);
    const outcome = await putBackInStock({ db, booking, clock }, c.req.param('repair'), me(c));
    if (outcome === 'not_found') return missing(c);
    if (outcome === 'not_allowed') {
      return c.html(await groupView(c, group, { kind: 'invalid', problem: 'a read-only member changes nothing' }), 403);
    }
    return c.redirect(`/team/items/groups/${group.id}?done=back_in_stock`, 303);
  });

  app.post('/groups/:id', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const parsed = parseGroupForm(form, await productIdsOf(db, id));
    let result: SaveMessage;
    if (!parsed.ok) result = { kind: 'invalid', problem: parsed.problem };
    else {
      const mayChangePrices = c.var.session.member.role === 'owner' || business().staffMayChangePrices;
      const outcome = await saveGroup(db, booking, id, parsed, me(c), clock(), { mayChangePrices });
      if (outcome.kind === 'not_found') return missing(c);
      if (outcome.kind === 'saved' && outcome.changed.length) {
        return c.redirect(`/team/items/groups/${id}?done=saved`, 303);
      }
      result = outcome;
    }
    const group = await readGroup(db, id);
    if (!group) return missing(c);
    return c.html(await groupView(c, group, result), statusOf(result));
  });

  app.get('/bundles/:id', async (c) => {
    const bundle = await readBundle(db, c.req.param('id'));
    if (!bundle) return missing(c);
    return c.html(bundlePage(ctx(c), bundle, await photosOf(db, bundle.id), doneOf(c.req.query('done'))));
  });

  app.post('/bundles/:id', async (c) => {
    const id = c.req.param('id');
    const parsed = parseBundleForm(await c.req.parseBody());
    let result: SaveMessage;
    if (!parsed.ok) result = { kind: 'invalid', problem: parsed.problem };
    else {
      const outcome = await saveBundle(db, id, parsed.bundle, me(c), clock());
      if (outcome.kind === 'not_found') return missing(c);
      if (outcome.kind === 'saved' && outcome.changed.length) {
        return c.redirect(`/team/items/bundles/${id}?done=saved`, 303);
      }
      result = outcome;
    }
    const bundle = await readBundle(db, id);
    if (!bundle) return missing(c);
    return c.html(bundlePage(ctx(c), bundle, await photosOf(db, id), result), statusOf(result));
  });

  // A photo by upload: added beside the item's photos, or replacing them.
  app.post('/:kind{groups|bundles}/:id/photos', async (c) => {
    const id = c.req.param('id');
    const kind = c.req.param('kind') === 'groups' ? 'groups' : 'bundles';
    const item = kind === 'groups' ? await readGroup(db, id) : await readBundle(db, id);
    if (!item) return missing(c);
    const form = await c.req.parseBody();
    const file = form.photo;
    const back = (done: string) => c.redirect(`/team/items/${kind}/${id}?done=${done}`, 303);
    if (!(file instanceof File) || file.size === 0) return back('no_photo');
    const outcome = await putItemPhoto(
      db,
      config.photosDir,
      { id, type: kind === 'groups' ? 'product_groups' : 'bundles', name: item.name },
      { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
      form.mode === 'replace' ? 'replace' : 'add',
      me(c),
      clock(),
    );
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'invalid') return back('not_a_photo');
    return back(outcome.kind);
  });

  return app;
}

/** The message a redirect after a save or an upload asks for. */
function doneOf(done: string | undefined): SaveMessage | undefined {
  switch (done) {
    case 'saved':
      return { kind: 'saved', changed: ['saved'] };
    case 'added':
      return { kind: 'photo', text: 'Photo added: the shop shows it on its next visit.' };
    case 'replaced':
      return { kind: 'photo', text: 'Photos replaced: the shop shows the new one on its next visit.' };
    case 'no_photo':
      return { kind: 'invalid', problem: 'choose a photo to upload first' };
    case 'repair':
      return { kind: 'photo', text: 'Put in repair: out of the shop and of every booking’s count until it is back.' };
    case 'repair_short':
      return {
        kind: 'photo',
        text: 'Put in repair even so: the bookings it leaves short are marked on their pages; find other pieces for them.',
      };
    case 'back_in_stock':
      return { kind: 'photo', text: 'Back in stock: the shop offers it again from today.' };
    case 'not_a_photo':
      return { kind: 'invalid', problem: 'that file is not a photo (JPEG, PNG, WebP, HEIC or AVIF)' };
    default:
      return undefined;
  }
}

import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../app-services';
import type { Db } from '../../db/client';
import { publicOrigin } from '../../lib/public-origin';
import { enqueueMail } from '../../mail/queue';
import { accountPage, activityPage, staffPage } from '../../render/team/people-pages';
import { forbiddenPage } from '../../render/team/sign-in-pages';
import { signInEmail } from '../../services/emails';
import { ACTIVITY_PAGE, listActivity, logSessionActivity } from '../../services/team/activity';
import { activeMember, emailAddress, listMembers, putMember, removeMember } from '../../services/team/members';
import { passkeysOf } from '../../services/team/passkeys';
import { endAllSessions, endSession } from '../../services/team/sessions';
import { createSignInLink } from '../../services/team/sign-in-links';
import { actingMember, clearSessionCookie, sessionCookie, signedInPage, type TeamEnv } from './guard';

const invite = z.object({
  email: emailAddress,
  name: z.string().trim().max(80).default(''),
  role: z.enum(['owner', 'staff', 'viewer']).catch('staff'),
});

/** The team (owners only), the member's own account and signing out, and the activity log. */
export function peopleRoutes({ db, config, clock, business }: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());
  const me = actingMember;
  const ownersOnly = async (c: Context<TeamEnv>, next: () => Promise<void>) => {
    if (c.var.session.member.role !== 'owner') {
      return c.html(forbiddenPage(ctx(c), 'Only an owner can change the team.'), 403);
    }
    await next();
  };

  app.use('/staff', ownersOnly);
  app.use('/staff/*', ownersOnly);
  app.get('/staff', async (c) => c.html(staffPage(ctx(c), await listMembers(db), c.req.query('done'))));

  app.post('/staff', async (c) => {
    const parsed = invite.safeParse(await c.req.parseBody());
    if (!parsed.success) return c.redirect('/team/staff?done=bad_email', 303);
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const put = await putMember(tx, parsed.data, me(c), now);
      if (!put.created) return put;
      const token = await createSignInLink(tx, put.member.id, 'invite', now);
      const link = `${publicOrigin(config)}/team/sign-in/${token}`;
      await enqueueMail(tx, signInEmail(business(), put.member.email, link, { by: c.var.session.member.name }), now);
      return put;
    });
    const done = outcome.created ? 'invited' : outcome.promoted ? 'promoted' : 'exists';
    return c.redirect(`/team/staff?done=${done}`, 303);
  });

  app.post('/staff/:id/remove', async (c) => {
    const id = c.req.param('id');
    if (id === c.var.session.member.id) return c.redirect('/team/staff?done=self', 303);
    const member = await activeMember(db, id);
    if (!member) return c.redirect('/team/staff', 303);
    await db.transaction((tx) => removeMember(tx, member, me(c), clock()));
    return c.redirect('/team/staff?done=removed', 303);
  });

  app.get('/account', async (c) =>
    c.html(accountPage(ctx(c), await passkeysOf(db, c.var.session.member.id), c.req.query('done'))),
  );

  /** Signing out (of this session, or of all of the member's): logged, then back to sign-in. */
  const signOut = (
    path: string,
    kind: 'sign_out' | 'sign_out_everywhere',
    summary: string,
    end: (tx: Pick<Db, 'update'>, c: Context<TeamEnv>, now: Date) => Promise<unknown>,
  ) =>
    app.post(path, async (c) => {
      const now = clock();
      await db.transaction(async (tx) => {
        await end(tx, c, now);
        await logSessionActivity(tx, me(c), kind, summary, now);
      });
      clearSessionCookie(c);
      return c.redirect('/team/sign-in', 303);
    });
  signOut('/sign-out', 'sign_out', 'Signed out', (tx, c, now) => endSession(tx, sessionCookie(c), now));
  signOut('/sign-out-everywhere', 'sign_out_everywhere', 'Signed out everywhere', (tx, c, now) =>
    endAllSessions(tx, me(c).id, now),
  );

  app.get('/activity', async (c) => {
    const q = c.req.query();
    const filter = {
      kind: q.kind && /^[a-z_]{1,40}$/.test(q.kind) ? q.kind : undefined,
      actor: q.actor && q.actor.length <= 64 ? q.actor : undefined,
      before: q.before && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(q.before) ? q.before : undefined,
    };
    const rows = await listActivity(db, filter);
    const page = rows.slice(0, ACTIVITY_PAGE);
    const last = page.at(-1);
    const more =
      rows.length > ACTIVITY_PAGE && last
        ? `/team/activity?${new URLSearchParams({ ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.actor ? { actor: filter.actor } : {}), before: last.at })}`
        : null;
    return c.html(activityPage(ctx(c), page, filter, await listMembers(db), more));
  });

  return app;
}

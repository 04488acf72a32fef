import type { teamActivity } from '../../db/schema';
import { ACTIVITY_KINDS } from '../../services/team/activity';
import { type Member, ROLE_NAMES } from '../../services/team/members';
import { type Html, html, raw, when } from './html';
import { csrfField, flash, notices, type PageContext, teamLayout } from './layout';

const MESSAGES = notices(
  {
    invited: 'Invitation sent.',
    removed: 'Removed: their sessions have ended.',
    signed_out_elsewhere: 'Every other session of yours has ended.',
    passkey_added: 'Passkey added: next time, sign in with it.',
  },
  {
    exists: 'That address is on the team already, with the role it has: nothing was changed.',
    promoted: 'That address was on the team already: it is now an owner (the activity log has the change).',
    self: 'You cannot remove yourself.',
    bad_email: 'Enter an email address, like name@example.com.',
  },
);
const message = (code: string | undefined) => {
  const m = code ? MESSAGES[code] : undefined;
  return m ? flash(m.text, m.tone) : '';
};

/** The owner's page of the team: who is on it, invite by email, remove. */
export function staffPage(ctx: PageContext, members: Member[], done?: string): Html {
  const active = members.filter((m) => !m.removedAt);
  const removed = members.filter((m) => m.removedAt);
  return teamLayout(
    { ...ctx, section: 'staff' },
    'Team',
    html`${message(done)}
<section class="card"><h2>Invite someone</h2>
<form method="post" action="/team/staff" class="stack">${csrfField(ctx)}
<div><label for="invite-email">Email address</label><input id="invite-email" name="email" type="email" required autocomplete="off"></div>
<div><label for="invite-name">Name</label><input id="invite-name" name="name" type="text" maxlength="80" autocomplete="off"></div>
<div><label for="invite-role">Role</label><select id="invite-role" name="role"><option value="staff">Staff: requests and items</option><option value="viewer">Read-only: sees requests, the calendar and day sheets; changes nothing</option><option value="owner">Owner: also the team and settings</option></select></div>
<div><button type="submit">Send invitation</button></div></form></section>
<h2>On the team</h2>
<ul class="list">${active.map(
      (
        m,
      ) => html`<li class="card row"><div><h3>${m.name}</h3><p class="muted">${m.email} · ${ROLE_NAMES[m.role]} · since ${when(m.createdAt, ctx.business.timeZone)}</p></div>
<div>${
        m.id === ctx.member?.id
          ? html`<span class="pill">You</span>`
          : html`<form method="post" action="/team/staff/${m.id}/remove">${csrfField(ctx)}<button type="submit" class="quiet" aria-label="Remove ${m.name}">Remove</button></form>`
      }</div></li>`,
    )}</ul>
${removed.length ? html`<h2>Removed</h2><ul class="list">${removed.map((m) => html`<li class="card"><p>${m.name} · ${m.email} · removed ${when(m.removedAt, ctx.business.timeZone)}</p></li>`)}</ul>` : ''}`,
  );
}

/** The member's own page: who they are, and signing out here or everywhere. */
export function accountPage(
  ctx: PageContext,
  passkeys: { createdAt: string; lastUsedAt: string | null }[],
  done?: string,
): Html {
  const m = ctx.member as Member;
  return teamLayout(
    { ...ctx, section: 'account', passkeys: true },
    'Account',
    html`${message(done)}<section class="card stack"><p>Signed in as <strong>${m.name}</strong> (${m.email}), ${ROLE_NAMES[m.role].toLowerCase()}.</p>
<form method="post" action="/team/sign-out">${csrfField(ctx)}<button type="submit">Sign out</button></form>
<form method="post" action="/team/sign-out-everywhere">${csrfField(ctx)}<button type="submit" class="quiet">Sign out everywhere</button>
<p class="muted">Ends every session of yours, on every device, this one included.</p></form></section>
<section class="card stack" aria-labelledby="passkeys-title"><h2 id="passkeys-title">Passkeys</h2>
${passkeys.length ? html`<ul>${passkeys.map((p) => html`<li>Added ${when(p.createdAt, ctx.business.timeZone)}${p.lastUsedAt ? html`, last used ${when(p.lastUsedAt, ctx.business.timeZone)}` : ''}</li>`)}</ul>` : html`<p>No passkeys yet: sign-in is by emailed link.</p>`}
<div data-passkey hidden><button type="button" class="quiet" id="passkey-add" data-csrf="${ctx.csrf ?? ''}">Add a passkey on this device</button></div>
<p id="passkey-status" role="status"></p></section>`,
  );
}

type ActivityRow = typeof teamActivity.$inferSelect;

const changeList = (value: unknown) =>
  value && typeof value === 'object'
    ? html`${Object.entries(value as Record<string, unknown>).map(([k, v]) => html`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}; `)}`
    : '';

/** The activity log, newest first, filtered by kind and by who. */
export function activityPage(
  ctx: PageContext,
  rows: ActivityRow[],
  filter: { kind?: string; actor?: string },
  members: Member[],
  more: string | null,
): Html {
  const option = (value: string, label: string, current?: string) =>
    html`<option value="${value}"${raw(current === value ? ' selected' : '')}>${label}</option>`;
  const who = (row: ActivityRow) => row.actorEmail ?? (row.actor === 'email link' ? 'An email link' : row.actor);
  return teamLayout(
    { ...ctx, section: 'activity' },
    'Activity',
    html`<form method="get" action="/team/activity" class="filters card" aria-label="Filter the activity">
<div><label for="kind">What</label><select id="kind" name="kind">${option('', 'Everything', filter.kind ?? '')}${Object.entries(ACTIVITY_KINDS).map(([k, label]) => option(k, label, filter.kind))}</select></div>
<div><label for="actor">Who</label><select id="actor" name="actor">${option('', 'Anyone', filter.actor ?? '')}${option('email link', 'Email links', filter.actor)}${members.map((m) => option(m.id, m.email, filter.actor))}</select></div>
<div><button type="submit">Filter</button></div></form>
${rows.length === 0 ? html`<p role="status">Nothing yet.</p>` : ''}
<ol class="list">${rows.map(
      (row) =>
        html`<li class="card"><p><strong>${row.summary}</strong></p><p class="muted">${when(row.at, ctx.business.timeZone)} · ${who(row)}${
          row.subjectType === 'request' && row.subjectId
            ? html` · <a href="/team/requests/${row.subjectId}">Request ${row.subjectId}</a>`
            : ''
        }</p>${row.before ? html`<p class="muted">Before: ${changeList(row.before)}</p>` : ''}${row.after ? html`<p class="muted">After: ${changeList(row.after)}</p>` : ''}</li>`,
    )}</ol>
${more ? html`<p class="pager"><a class="button quiet" href="${more}">Older</a></p>` : ''}`,
  );
}

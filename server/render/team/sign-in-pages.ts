import { type Html, html } from './html';
import { type PageContext, teamLayout } from './layout';

/** The sign-in form: an email address, and a one-time link by email. */
export function signInPage(ctx: PageContext, next: string, problem?: string, email = ''): Html {
  return teamLayout(
    { ...ctx, passkeys: true },
    'Sign in',
    html`<div class="sign-in stack">
<p>Enter the address your workspace account uses. We will email you a link that signs you in once, within 15 minutes.</p>
${problem ? html`<p class="flash problem" role="alert" id="email-problem">${problem}</p>` : ''}
<form method="post" action="/team/sign-in" class="card stack">
<input type="hidden" name="next" value="${next}">
<div><label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${email}"${problem ? html` aria-invalid="true" aria-describedby="email-problem"` : ''}></div>
<button type="submit">Email me a sign-in link</button>
</form>
<div class="card stack" data-passkey hidden><p>Added a passkey on this device? It is the quick way back.</p>
<div><button type="button" class="quiet" id="passkey-sign-in" data-next="${next}">Sign in with a passkey</button></div>
<p id="passkey-status" role="status"></p></div></div>`,
  );
}

/** What every sign-in request answers, whether or not the address has an account. */
export function checkEmailPage(ctx: PageContext, email: string): Html {
  return teamLayout(
    ctx,
    'Check your email',
    html`<div class="sign-in stack"><p role="status">If ${email} has a workspace account, a sign-in link is on its way. It works once, for 15 minutes.</p>
<p><a href="/team/sign-in">Use another address</a></p></div>`,
  );
}

/** A link's page: one button that signs in (following the link alone changes nothing). */
export function confirmSignInPage(ctx: PageContext, email: string, token: string, next: string, invite: boolean): Html {
  return teamLayout(
    ctx,
    invite ? 'Join the workspace' : 'Sign in',
    html`<div class="sign-in stack">
<p>${invite ? 'You were invited as' : 'Signing in as'} <strong>${email}</strong>.</p>
<form method="post" action="/team/sign-in/${token}"><input type="hidden" name="next" value="${next}"><button type="submit">${invite ? 'Join and sign in' : 'Sign in'}</button></form>
</div>`,
  );
}

const LINK_PROBLEMS = {
  used: 'This sign-in link has been used already: each link signs in once.',
  expired: 'This sign-in link has expired: links work for 15 minutes (invitations for 7 days).',
  unknown: 'This sign-in link is not valid: it may have been cut short when it was copied.',
} as const;

export function badLinkPage(ctx: PageContext, reason: keyof typeof LINK_PROBLEMS): Html {
  return teamLayout(
    ctx,
    'Link not usable',
    html`<div class="sign-in stack"><p class="flash problem" role="alert">${LINK_PROBLEMS[reason]}</p>
<p><a class="button" href="/team/sign-in">Get a new link</a></p></div>`,
  );
}

/** A refused request: no session, another site's form, an expired form. */
export function forbiddenPage(ctx: PageContext, reason: string): Html {
  return teamLayout(
    ctx,
    'Not allowed',
    html`<div class="stack"><p class="flash problem" role="alert">${reason}</p><p><a href="/team">Go to the workspace</a></p></div>`,
  );
}

export function notFoundPage(ctx: PageContext, what: string): Html {
  return teamLayout(ctx, 'Not found', html`<p>${what}</p><p><a href="/team/requests">All requests</a></p>`);
}

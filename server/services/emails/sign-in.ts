import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import { html } from '../../lib/html';
import type { QueuedEmail } from '../../mail/queue';
import { layout } from './layout';

const BUTTON =
  'display:inline-block;padding:12px 24px;background:#2b2927;color:#fffdf9;text-decoration:none;font-weight:600';

/**
 * A one-time sign-in link (15 minutes), or an invitation (7 days) from an owner. The link opens a
 * page with a Sign in button: a mail scanner that follows it signs nobody in.
 */
export function signInEmail(
  brand: BusinessSettings,
  to: string,
  link: string,
  invite: { by: string } | null,
): QueuedEmail {
  const subject = invite
    ? `You are invited to the ${brand.name} team workspace`
    : `Sign in to ${brand.name}’s workspace`;
  const lead = invite
    ? `${invite.by} has invited you to the team workspace of ${brand.name}, where requests are answered and items edited.`
    : `Someone (we hope you) asked to sign in to the team workspace of ${brand.name} as ${to}.`;
  const expiry = invite
    ? 'The link works once, for 7 days. After that, sign in with your address at the workspace.'
    : 'The link works once, for 15 minutes. If you did not ask for it, ignore this email: nothing happens.';
  const body = html`<p>${lead}</p>
<p><a href="${link}" style="${BUTTON}">${invite ? 'Join the workspace' : 'Sign in'}</a></p>
<p style="font-size:13px;color:#5f5750">${expiry}</p>`;
  const text = [lead, '', `${invite ? 'Join' : 'Sign in'}: ${link}`, '', expiry].join('\n');
  return {
    kind: invite ? 'team_invite' : 'team_sign_in',
    to,
    payload: { purpose: invite ? 'invite' : 'sign_in' },
    subject,
    html: layout(brand, subject, body),
    text,
  };
}

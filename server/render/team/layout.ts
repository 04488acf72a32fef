import { brandColour } from '../../../src/lib/api-contract/brand-colours';
import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import { brandIconUrls } from '../../../src/lib/api-contract/business-settings';
import type { Member } from '../../services/team/members';
import { type Html, html, raw } from './html';
import { TEAM_CSS } from './styles';

export interface PageContext {
  business: BusinessSettings;
  /** The signed-in member and the session's CSRF token; absent on the sign-in pages. */
  member?: Member;
  csrf?: string;
  /** The page offers passkeys: it loads the workspace's one script. */
  passkeys?: boolean;
  /** The current section, marked in the navigation. */
  section?: 'requests' | 'calendar' | 'money' | 'items' | 'activity' | 'staff' | 'settings' | 'account';
}

/** A form's hidden CSRF field (every POST of a signed-in page carries it). */
export const csrfField = (ctx: PageContext) => html`<input type="hidden" name="_csrf" value="${ctx.csrf ?? ''}">`;

/** What an action's redirect says on the page it comes back to (`?done=<code>`), and in which tone. */
export interface Notice {
  text: string;
  tone: 'done' | 'problem';
}

/** A page's notices by code: those that say it went as asked, and those that say what did not. */
export const notices = (done: Record<string, string>, problem: Record<string, string>): Record<string, Notice> => ({
  ...Object.fromEntries(Object.entries(done).map(([code, text]) => [code, { text, tone: 'done' as const }])),
  ...Object.fromEntries(Object.entries(problem).map(([code, text]) => [code, { text, tone: 'problem' as const }])),
});

/** Feedback after an action: a status line the screen reader announces. */
export const flash = (message: string | undefined, tone: 'done' | 'problem' = 'done') =>
  message ? html`<p class="flash ${tone}" role="${tone === 'problem' ? 'alert' : 'status'}">${message}</p>` : '';

function nav(ctx: PageContext) {
  if (!ctx.member) return '';
  const link = (href: string, label: string, section: PageContext['section']) =>
    html`<li><a href="${href}"${raw(ctx.section === section ? ' aria-current="page"' : '')}>${label}</a></li>`;
  return html`<nav aria-label="Workspace"><ul>
${link('/team/requests', 'Requests', 'requests')}
${link('/team/calendar', 'Calendar', 'calendar')}
${link('/team/money', 'Money', 'money')}
${link('/team/items', 'Items', 'items')}
${link('/team/activity', 'Activity', 'activity')}
${ctx.member.role === 'owner' ? link('/team/staff', 'Team', 'staff') : ''}
${ctx.member.role === 'owner' ? link('/team/settings', 'Settings', 'settings') : ''}
${link('/team/account', 'Account', 'account')}
</ul></nav>`;
}

/**
 * A page of the team's workspace: server-rendered per request, in the shop's look (its name and
 * brand colour), never indexed, with no script of the shop's (none of its bundles load here).
 */
/** The tab's icon, as the shop's: the business's logo drawn as an icon, else the shop's own (no 404 a view). */
function teamIcon(logoUrl: string | null): Html {
  const icons = brandIconUrls(logoUrl);
  return logoUrl
    ? html`<link rel="icon" href="${icons?.icon192 ?? logoUrl}" type="image/png">`
    : html`<link rel="icon" href="/favicon.svg" type="image/svg+xml">`;
}

export function teamLayout(ctx: PageContext, title: string, body: Html | string): Html {
  const brand = ctx.business;
  return html`<!doctype html><html lang="en-AU"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${title} | ${brand.name} team</title>
${teamIcon(brand.logoUrl)}
<style>${raw(TEAM_CSS)}:root{--accent:${brandColour(brand.accentColour)}}</style>
${ctx.passkeys ? html`<script src="/team/assets/webauthn.js" defer></script><script src="/team/assets/passkeys.js" defer></script>` : ''}
</head><body>
<a class="skip" href="#main">Skip to content</a>
<header class="bar"><p class="brand"><a href="/team">${brand.name}</a> <span>Team</span></p>${nav(ctx)}</header>
<main id="main" tabindex="-1"><h1>${title}</h1>${body}</main>
</body></html>`;
}

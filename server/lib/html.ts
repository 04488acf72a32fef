import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * Server-written markup (the team's pages, the emails, the email-link pages): every interpolated
 * string is escaped by construction; nested `html` fragments and arrays of them are kept as they are;
 * null, undefined and false write nothing. `raw` marks markup made elsewhere (rendered markdown).
 */
export type Html = HtmlEscapedString;

/** Built from synchronous templates only (no promises inside), so the result is markup at once. */
export const html = honoHtml as (strings: TemplateStringsArray, ...values: unknown[]) => Html;
export { raw };

/** Fragments joined by a separator that is itself markup (`<br>`, ' · '). */
export const joinHtml = (parts: readonly unknown[], separator: Html): Html =>
  html`${parts.flatMap((part, i) => (i === 0 ? [part] : [separator, part]))}`;

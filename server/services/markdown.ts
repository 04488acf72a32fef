import { Marked, type Tokens } from 'marked';
import { HTML_ESCAPES } from '../../src/lib/api-contract/escape-html';
import { html, raw } from '../lib/html';

/** Where a link in the business's text may lead: the web, email, phone, or a page of the shop. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * The business's Markdown (business.json `terms` and `about`) as HTML for pages: GitHub-flavoured
 * Markdown, with any HTML written in it shown as text, links only to the web, email, phone or the
 * shop's own pages, no images (photos come from the catalogue folder), and headings from level 2 (the
 * page has its own level 1).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return String(html`${text}`);
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(Math.max(depth, 2), 4);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return text;
      const away = /^https?:/i.test(href) ? ' rel="noopener noreferrer"' : '';
      return String(html`<a href="${href}"${raw(away)}>${raw(text)}</a>`);
    },
    image({ text }: Tokens.Image) {
      return String(html`${text}`);
    },
  },
});

export function markdownHtml(text: string): string {
  return text.trim() ? (markdown.parse(text) as string) : '';
}

const UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(HTML_ESCAPES).map(([c, e]) => [e, c]));

/** The first paragraph of the business's Markdown as plain text (the web app manifest's description). */
export function markdownLead(text: string): string {
  const first = /<p>([\s\S]*?)<\/p>/.exec(markdownHtml(text))?.[1] ?? '';
  return first
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => UNESCAPES[e] as string)
    .trim();
}

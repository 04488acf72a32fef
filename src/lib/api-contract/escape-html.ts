/** The five characters that could start markup or end an attribute, and their escapes (server/lib/html.ts escapes by construction). */
export const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

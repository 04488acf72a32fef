/**
 * The business's services (business.json `services`): each slug is a header link /{slug} and a home
 * screen /services/{slug}.
 */

/**
 * Spec redirect rule: a URL whose last path segment is a service's slug sends the visitor home with
 * ?service={slug}. Returns the slug, or null when the rule does not apply.
 */
export function serviceSlugOfPath(pathname: string, slugs: readonly string[]): string | null {
  if (pathname === '/' || pathname === '') return null;
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return last && slugs.includes(last) ? last : null;
}

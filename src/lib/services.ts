/** The five service keys of spec section 9; each is also a header link /{key}. */
export const SERVICE_KEYS = [
  'styling',
  'event-coordination',
  'custom-builds',
  'custom-signage',
  'faux-florals',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export function isServiceKey(value: unknown): value is ServiceKey {
  return typeof value === 'string' && (SERVICE_KEYS as readonly string[]).includes(value);
}

export const SERVICE_TITLES: Record<ServiceKey, string> = {
  styling: 'Event Styling',
  'event-coordination': 'Event Coordination',
  'custom-builds': 'Custom Builds',
  'custom-signage': 'Custom Signage',
  'faux-florals': 'Faux Florals',
};

/**
 * Spec redirect rule: a URL whose last path segment is a service key sends the visitor home with
 * ?service={key}. Returns the key, or null when the rule does not apply.
 */
export function serviceKeyOfPath(pathname: string): ServiceKey | null {
  if (pathname === '/' || pathname === '') return null;
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return isServiceKey(last) ? last : null;
}

import { describe, expect, it } from 'vitest';
import demoBusiness from '../../../server/seed/demo-business.json';
import { serviceSlugOfPath } from '../../../src/lib/services';

const SLUGS = demoBusiness.services.map((service) => service.slug);

describe('service slugs', () => {
  it("gives the demo the spec's five services", () => {
    expect(SLUGS).toEqual(['styling', 'event-coordination', 'custom-builds', 'custom-signage', 'faux-florals']);
    expect(demoBusiness.services.map((service) => service.title)).toEqual([
      'Event Styling',
      'Event Coordination',
      'Custom Builds',
      'Custom Signage',
      'Faux Florals',
    ]);
  });

  it.each([
    ['/styling', 'styling'],
    ['/services/faux-florals', 'faux-florals'],
    ['/hire/custom-builds', 'custom-builds'],
    ['/event-coordination/', 'event-coordination'],
    ['/', null],
    ['/hire', null],
    ['/styling/extra', null],
    ['/weddings', null],
  ])('redirect rule for %s', (path, slug) => {
    expect(serviceSlugOfPath(path, SLUGS)).toBe(slug);
  });
});

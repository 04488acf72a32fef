import { describe, expect, it } from 'vitest';
import { isServiceKey, SERVICE_KEYS, serviceKeyOfPath } from '../../../src/lib/services';

describe('service keys', () => {
  it('has the five keys of the spec', () => {
    expect(SERVICE_KEYS).toEqual(['styling', 'event-coordination', 'custom-builds', 'custom-signage', 'faux-florals']);
    expect(isServiceKey('styling')).toBe(true);
    expect(isServiceKey('weddings')).toBe(false);
    expect(isServiceKey(undefined)).toBe(false);
  });

  it.each([
    ['/styling', 'styling'],
    ['/services/faux-florals', 'faux-florals'],
    ['/hire/custom-builds', 'custom-builds'],
    ['/event-coordination/', 'event-coordination'],
    ['/', null],
    ['/hire', null],
    ['/styling/extra', null],
  ])('redirect rule for %s', (path, key) => {
    expect(serviceKeyOfPath(path)).toBe(key);
  });
});

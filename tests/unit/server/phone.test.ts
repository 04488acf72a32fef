import { describe, expect, it } from 'vitest';
import { telHref } from '../../../server/lib/phone';

/** Issue 47: phone links in international form for the business's country (libphonenumber-js). */
describe('a phone link', () => {
  it.each([
    ['(021) 555 0142', 'NZ', 'tel:+64215550142'],
    ['09 555 0142', 'NZ', 'tel:+6495550142'],
    ['(08) 6555 0200', 'AU', 'tel:+61865550200'],
    ['0412 345 678', 'AU', 'tel:+61412345678'],
    ['+64 21 555 0142', 'AU', 'tel:+64215550142'],
    // Dialled at home only: +61 1300 fails from a mobile.
    ['1300 555 000', 'AU', 'tel:1300555000'],
    ['0800 555 000', 'NZ', 'tel:0800555000'],
  ] as const)('%s in %s is %s', (phone, country, href) => expect(telHref(phone, country)).toBe(href));

  it('is empty for no number', () => expect(telHref('', 'AU')).toBe(''));
});

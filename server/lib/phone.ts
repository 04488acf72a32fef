import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { phoneHref } from '../../src/lib/api-contract/business-file';

/**
 * A phone number as written for the business's country, as a tel: link in international form:
 * "(021) 555 0142" in New Zealand is tel:+64215550142, "(08) 6555 0200" in Australia tel:+61865550200.
 * Parsed by libphonenumber-js (Google's rules, kept up to date); a number it cannot read keeps the
 * digits it has; a free or shared-cost number (1300, 0800), dialled at home only, stays national.
 */
export function telHref(phone: string, country: 'AU' | 'NZ'): string {
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed?.isPossible()) return phoneHref(phone);
  // 1300, 1800 and 0800 numbers are dialled at home only: +61 1300 fails from a mobile.
  const type = parsed.getType();
  if (type === 'TOLL_FREE' || type === 'SHARED_COST') return `tel:${parsed.formatNational().replace(/\D/g, '')}`;
  return parsed.getURI();
}

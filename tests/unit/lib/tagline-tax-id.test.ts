import { describe, expect, it } from 'vitest';
import { parseBusinessFile, settingsOf, taxIdReads } from '../../../src/lib/api-contract/business-file';
import { taxIdText } from '../../../src/lib/api-contract/business-settings';

/** Issue 47: a tagline of its own (not the email's footer line) and the business number. */
const settings = (json: Record<string, unknown>) => {
  const parsed = parseBusinessFile(json);
  if (!parsed.settings) throw new Error(JSON.stringify(parsed.problems));
  return settingsOf(parsed.settings);
};

describe('tagline and tax number', () => {
  it('keeps the tagline apart from the email footer, which a shop from before still uses as its tagline', () => {
    const own = settings({
      name: 'Saltbush Event Hire',
      tagline: 'Event hire',
      email_footer: 'Fremantle · since 2009',
    });
    expect(own.tagline).toBe('Event hire');
    expect(own.emailFooter).toBe('Fremantle · since 2009');
    expect(settings({ email_footer: 'Event Styling & Prop Hire' }).tagline).toBe('Event Styling & Prop Hire');
  });

  it('takes an ABN whose check digits add up, or a New Zealand GST number, and names which', () => {
    expect(taxIdReads('51 824 753 556')).toBe(true);
    expect(taxIdReads('53 004 085 616')).toBe(true);
    expect(taxIdReads('53 614 227 908')).toBe(false);
    expect(taxIdReads('123-456-789')).toBe(false);
    expect(taxIdReads('123 456 789')).toBe(true);
    expect(taxIdText('51 824 753 556')).toBe('ABN 51 824 753 556');
    expect(taxIdText('123 456 789')).toBe('GST number 123 456 789');
    expect(settings({ tax_id: '51 824 753 556' }).taxId).toBe('51 824 753 556');
    expect(parseBusinessFile({ tax_id: '53 614 227 908' }).problems).toEqual([
      {
        key: 'tax_id',
        message:
          'must be an ABN of 11 digits (such as "51 824 753 556") whose check digits add up, or a GST number of 8 or 9 digits',
      },
    ]);
  });
});

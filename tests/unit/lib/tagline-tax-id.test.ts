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
    // New Zealand GST (IRD) numbers, as Inland Revenue prints them, by its modulus-11 check digit
    // (the second set of weights where the first gives 10), from 10,000,000 to 150,000,000.
    for (const valid of ['49-091-850', '49091850', '35-901-981', '49-098-576', '136-410-132', '136 410 132'])
      expect(taxIdReads(valid), valid).toBe(true);
    for (const invalid of ['136-410-133', '49-091-851', '123 456 789', '9-125-568', '150-000-001', '49--091-85x'])
      expect(taxIdReads(invalid), invalid).toBe(false);
    expect(taxIdText('51 824 753 556')).toBe('ABN 51 824 753 556');
    expect(taxIdText('49-091-850')).toBe('GST number 49-091-850');
    expect(settings({ tax_id: '51 824 753 556' }).taxId).toBe('51 824 753 556');
    expect(parseBusinessFile({ tax_id: '53 614 227 908' }).problems).toEqual([
      {
        key: 'tax_id',
        message:
          'must be an ABN of 11 digits (such as "51 824 753 556") or a New Zealand GST number of 8 or 9 digits (such as "49-091-850"), whose check digits add up',
      },
    ]);
  });
});

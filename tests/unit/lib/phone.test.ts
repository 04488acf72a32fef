import { describe, expect, it } from 'vitest';
import { contactBodySchema, FIELD_LIMITS, phoneProblem } from '../../../src/lib/api-contract';

/** Issue 50: ordinary phone numbers as people write them are taken; anything else says what to change. */
describe('phone numbers as people write them', () => {
  it.each([
    '0412 345 678',
    '+61 412 345 678',
    '(02) 5550 2184',
    '0412 345 678 (mob)',
    '0412 345 678 (Mobile)',
    '(02) 5550 2184 ext. 2',
    '(02) 5550 2184 x12',
    '02 5550 2184 extension 204',
  ])('takes %s', (phone) => {
    expect(phoneProblem(phone)).toBeNull();
  });

  it.each(['call me', '0412 345 678 or email', 'O412 345 678'])('says what to change in %s', (phone) => {
    expect(phoneProblem(phone)).toBe(
      'phone may hold digits, spaces and + ( ) - ., then an extension such as "ext. 2": take out any other letters',
    );
  });

  it.each([
    ['0412345678 / 0298765432', '/'],
    ['0412 345 678, 02 9876 5432', ','],
    ['0412 345 678 & 0298 765 432', '&'],
  ])('says %s is two numbers, naming the %s (issue 63)', (phone, stray) => {
    expect(phoneProblem(phone)).toBe(`phone is one number: take out the "${stray}" and the second number`);
  });

  it('names a stray sign that is not a letter', () => {
    expect(phoneProblem('0412 345 678 #')).toBe('phone may hold digits, spaces and + ( ) - .: take out the "#"');
  });

  it('refuses an empty or too long number, and the server checks the same rule', () => {
    expect(phoneProblem('   ')).toBe('phone is required');
    expect(phoneProblem('1'.repeat(FIELD_LIMITS.phone + 1))).toBe('phone is at most 40 characters');
    const message = { name: 'Ava', email: 'ava@example.com', subject: 'Hi', message: 'Hello' };
    expect(contactBodySchema.safeParse({ ...message, phone: '0412 345 678 ext. 2' }).success).toBe(true);
    const refused = contactBodySchema.safeParse({ ...message, phone: 'call me' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      phoneProblem('call me'),
    ]);
  });
});

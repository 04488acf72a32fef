/**
 * The rules of the fields a shopper types, without zod: the forms import this file alone (zod in a
 * page's code costs bytes, and its eval probe trips the pages' Content-Security-Policy), and the
 * server's schemas (requests.ts) check the same rules.
 */

/**
 * The longest each field a shopper types may be: the server refuses longer, and the forms say so
 * before sending (`maxLength`, a counter on long fields).
 */
export const FIELD_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  subject: 200,
  message: 5000,
  deliveryAddress: 500,
  notes: 2000,
} as const;

/**
 * What is wrong with a phone number as typed, in words that say what to change, or null when it is
 * fine. Digits with spaces and + ( ) - . are a number; an extension ("ext. 2", "x 2") and a short
 * label in brackets at the end ("(mob)", "(work)") are kept as written.
 */
export function phoneProblem(typed: string): string | null {
  const value = typed.trim();
  if (!value) return 'phone is required';
  if (value.length > FIELD_LIMITS.phone) return `phone is at most ${FIELD_LIMITS.phone} characters`;
  const number = value
    .replace(/\s*\([a-z][a-z .]{0,19}\)\s*$/i, '')
    .replace(/\s*(?:ext\.?|extension|x)\s*\d{1,6}\s*$/i, '');
  const stray = /[^0-9+()\-.\s]/.exec(number)?.[0];
  if (stray) {
    // Say what is wrong with what was typed: two numbers, or the character itself (issue 63).
    if (/[/,;&|]/.test(stray)) return `phone is one number: take out the "${stray}" and the second number`;
    return /\p{L}/u.test(stray)
      ? 'phone may hold digits, spaces and + ( ) - ., then an extension such as "ext. 2": take out any other letters'
      : `phone may hold digits, spaces and + ( ) - .: take out the "${stray}"`;
  }
  return null;
}

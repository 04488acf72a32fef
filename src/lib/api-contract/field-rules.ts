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
  if (!/^[0-9+()\-.\s]+$/.test(number)) {
    return 'phone may hold digits, spaces and + ( ) - ., then an extension such as "ext. 2": take out any other letters';
  }
  return null;
}

import { z } from 'zod';

/* Numbers typed in the team's forms, read strictly: digits only. `Number()` took "0x10" as 16, "1e3"
   as 1000 and an empty field as 0, so a slip of the keyboard saved a number nobody typed. */

/** Digits alone, at most nine (a whole number from 0). */
export const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * A whole number from `min` to `max` typed in a form field (spaces around it allowed): empty,
 * "0x10", "1e3", "12.0" or "-1" are refused with `message`.
 */
export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(WHOLE_NUMBER, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** The same for a field that may be left empty (undefined then). */
export const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    wholeNumber(min, max, message).optional(),
  );

/** A count that may be left empty for none (the return form's missing and damaged): null when not one. */
export function countOrZero(value: unknown, max: number): number | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 0;
  if (!WHOLE_NUMBER.test(text)) return null;
  const count = Number(text);
  return count <= max ? count : null;
}

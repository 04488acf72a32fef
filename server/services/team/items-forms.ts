import { z } from 'zod';
import { MAX_TURNAROUND_DAYS } from '../../../src/lib/api-contract/hold-window';
import { optionalWholeNumber, wholeNumber } from './form-numbers';

/* The team's item forms, checked: a price in dollars, stock, tags, and the checkboxes. */

const price = z
  .string()
  .trim()
  .regex(/^\$?\d{1,6}(\.\d{1,2})?$/, 'a price is dollars and cents, like 45 or 45.50')
  .transform((v) => Math.round(Number(v.replace('$', '')) * 100));
const tags = z
  .string()
  .max(500)
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine(
    (list) => list.every((t) => /^[a-z0-9][a-z0-9_-]{0,60}$/.test(t)),
    'tags are words of letters, digits, - and _, separated by commas',
  );
const checkbox = z
  .unknown()
  .optional()
  .transform((v) => v === 'on' || v === 'true');

const common = {
  name: z.string().trim().min(1, 'a name is needed').max(200),
  description: z.string().trim().max(5000),
  tags,
  showInStore: checkbox,
  archived: checkbox,
  was: z.string().min(1),
};

/** A group's form, its products' fields named `p.{id}.{field}`. */
export function parseGroupForm(form: Record<string, unknown>, ids: string[]) {
  const productForm = z.object({
    name: common.name,
    price,
    stock: wholeNumber(0, 100_000, 'stock is a whole number from 0 to 100000, such as 12'),
    // Absent from a form drawn before the field existed: the item keeps its turnaround.
    turnaroundDays: optionalWholeNumber(
      0,
      MAX_TURNAROUND_DAYS,
      `turnaround is a whole number of days from 0 to ${MAX_TURNAROUND_DAYS}`,
    ),
    showInStore: checkbox,
    archived: checkbox,
  });
  const group = z.object(common).safeParse(form);
  if (!group.success)
    return {
      ok: false as const,
      problem: group.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '),
    };
  const list = [];
  for (const id of ids) {
    const parsed = productForm.safeParse({
      name: form[`p.${id}.name`],
      price: form[`p.${id}.price`],
      stock: form[`p.${id}.stock`],
      turnaroundDays: form[`p.${id}.turnaroundDays`],
      showInStore: form[`p.${id}.showInStore`],
      archived: form[`p.${id}.archived`],
    });
    if (!parsed.success)
      return {
        ok: false as const,
        problem: `${String(form[`p.${id}.name`] ?? id)}: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ')}`,
      };
    list.push({ id, ...parsed.data });
  }
  return { ok: true as const, group: group.data, products: list };
}

export function parseBundleForm(form: Record<string, unknown>) {
  const parsed = z.object(common).safeParse(form);
  return parsed.success
    ? { ok: true as const, bundle: parsed.data }
    : { ok: false as const, problem: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ') };
}

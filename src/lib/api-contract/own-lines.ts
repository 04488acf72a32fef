import { basisPointsOf, parseDollars } from './basis-points';
import { formatMoney } from './money';

/**
 * Lines of the team's own on a request (issue 61): setup labour, travel, a styling fee, a custom
 * build, or a discount. A charge is a quantity of a unit amount; a discount is an amount off, or a
 * percentage of the hire (its catalogue items) off. Either is taxed or GST-free; a discount comes off
 * the hire, which is taxed, so it is always taxed.
 */
export interface OwnLine {
  description: string;
  quantity: number;
  /** A charge's unit amount; a fixed discount's amount, as a positive number of cents. */
  unitCents: number;
  kind: 'charge' | 'discount';
  /** A percentage discount of the hire, in basis points (10% = 1000); null for an amount. */
  percentBasisPoints: number | null;
  gstFree: boolean;
}

/** The longest description a line may have. */
export const OWN_LINE_DESCRIPTION_MAX = 120;
/** The most units of one line. */
export const OWN_LINE_QUANTITY_MAX = 10_000;

/** A line's cents on a request whose hire (its catalogue items) comes to `hireCents`: negative for a discount. */
export function ownLineCents(
  line: Pick<OwnLine, 'kind' | 'quantity' | 'unitCents' | 'percentBasisPoints'>,
  hireCents: number,
) {
  // A percentage is of the hire: off it for a discount, on it for a charge (the damage waiver).
  if (line.percentBasisPoints !== null) {
    const cents = basisPointsOf(hireCents, line.percentBasisPoints);
    return line.kind === 'charge' ? cents : -cents;
  }
  return line.kind === 'charge' ? line.unitCents * line.quantity : -line.unitCents * line.quantity;
}

/** How a percentage discount is written: 1000 -> "10%", 1250 -> "12.5%". */
export const percentText = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;

/** What a line says beside its amount: "10% off the hire" for a percentage discount, else nothing. */
export const ownLineNote = (line: Pick<OwnLine, 'kind' | 'percentBasisPoints'>) =>
  line.percentBasisPoints === null
    ? null
    : `${percentText(line.percentBasisPoints)} ${line.kind === 'discount' ? 'off' : 'of'} the hire`;

/** A field of the line form and what is wrong with it, said beside it. */
export interface OwnLineProblem {
  field: 'description' | 'quantity' | 'amount' | 'gstFree';
  message: string;
}

/** The line form as typed: the amount is dollars ("45", "$1,250.50") or a percentage ("10%"). */
export interface OwnLineForm {
  description: string;
  quantity: string;
  amount: string;
  kind: string;
  gstFree: boolean;
}

/**
 * A typed line, read and checked against the hire it would come off (`hireCents`, and the discounts
 * the request has already, `discountedCents`): the line, or the field that is wrong and why.
 */
export function readOwnLine(
  form: OwnLineForm,
  hireCents: number,
  discountedCents: number,
): { line: OwnLine } | { problem: OwnLineProblem } {
  const description = form.description.trim().replace(/\s+/g, ' ');
  if (!description) return { problem: { field: 'description', message: 'Write what the line is for.' } };
  if (description.length > OWN_LINE_DESCRIPTION_MAX) {
    return {
      problem: { field: 'description', message: `Keep the description to ${OWN_LINE_DESCRIPTION_MAX} characters.` },
    };
  }
  const kind = form.kind === 'discount' ? 'discount' : form.kind === 'charge' ? 'charge' : null;
  if (!kind) return { problem: { field: 'amount', message: 'Choose a charge or a discount.' } };
  const amount = form.amount.trim();
  const quantityText = form.quantity.trim() || '1';
  const quantity = /^\d{1,5}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  if (!(quantity >= 1 && quantity <= OWN_LINE_QUANTITY_MAX)) {
    return { problem: { field: 'quantity', message: `Write a whole number from 1 to ${OWN_LINE_QUANTITY_MAX}.` } };
  }
  if (amount.startsWith('-')) {
    return {
      problem: {
        field: 'amount',
        message: 'Write the amount without a minus sign: choose Discount to take it off the hire.',
      },
    };
  }
  if (amount.endsWith('%')) {
    if (kind !== 'discount') {
      return { problem: { field: 'amount', message: 'A percentage is a discount of the hire: choose Discount.' } };
    }
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%$/.exec(amount);
    const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
    if (!(basisPoints > 0)) return { problem: { field: 'amount', message: 'Write a percentage such as 10%.' } };
    if (basisPoints > 10_000)
      return { problem: { field: 'amount', message: 'A discount is at most 100% of the hire.' } };
    if (quantity !== 1) {
      return { problem: { field: 'quantity', message: 'A percentage discount is one line: leave the quantity at 1.' } };
    }
    const line: OwnLine = {
      description,
      quantity: 1,
      unitCents: 0,
      kind,
      percentBasisPoints: basisPoints,
      gstFree: false,
    };
    return discountProblem(line, hireCents, discountedCents, form.gstFree) ?? { line };
  }
  const cents = parseDollars(amount);
  if (cents === null)
    return { problem: { field: 'amount', message: 'Write an amount in dollars, such as 45 or 45.50.' } };
  if (cents === 0) return { problem: { field: 'amount', message: 'Write an amount above $0.00.' } };
  const line: OwnLine = {
    description,
    quantity,
    unitCents: cents,
    kind,
    percentBasisPoints: null,
    gstFree: form.gstFree,
  };
  if (kind === 'charge') return { line };
  return discountProblem(line, hireCents, discountedCents, form.gstFree) ?? { line: { ...line, gstFree: false } };
}

function discountProblem(line: OwnLine, hireCents: number, discountedCents: number, gstFree: boolean) {
  if (gstFree) {
    return {
      problem: {
        field: 'gstFree' as const,
        message: 'A discount comes off the hire, which is taxed: untick GST-free.',
      },
    };
  }
  const off = -ownLineCents(line, hireCents);
  if (off + discountedCents > hireCents) {
    const left = Math.max(0, hireCents - discountedCents);
    return {
      problem: {
        field: 'amount' as const,
        message: `A discount cannot be more than the hire: at most ${formatMoney(left)} is left to take off.`,
      },
    };
  }
  return null;
}

import type { ApiErrorBody, PriceChanged } from '../../src/lib/api-contract';

/**
 * What a service refuses, in the service's own words: the one error handler (server/app.ts) turns it
 * into the API's JSON error with the status below. Services never speak HTTP themselves.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 404 | 409;
  /** The fields at fault, for a form to show each message beside its field. */
  readonly issues?: ApiErrorBody['issues'];

  constructor(message: string, issues?: ApiErrorBody['issues']) {
    super(message);
    this.name = new.target.name;
    this.issues = issues;
  }

  /** The API's error body. */
  body(): ApiErrorBody {
    return this.issues ? { error: this.message, issues: this.issues } : { error: this.message };
  }
}

/** A request the client can mend: names the field (`lines.0.id`) and what is wrong with it. */
export class InvalidRequest extends DomainError {
  readonly status = 400 as const;

  constructor(field: string, problem: string) {
    super(`Invalid body: ${field}: ${problem}`, [{ path: field, message: problem }]);
  }
}

/** A record that does not exist (or that a stranger may not know exists). */
export class NotFound extends DomainError {
  readonly status = 404 as const;

  constructor(what: string) {
    super(`${what} not found`);
  }
}

/**
 * An order request priced otherwise than the shopper was shown (its `expected_subtotal_in_cents`):
 * nothing is stored, and the answer carries the server's price for the checkout to show.
 */
export class PriceChangedError extends DomainError {
  readonly status = 409 as const;

  constructor(
    shownCents: number,
    readonly price: PriceChanged,
  ) {
    super(
      `The price has changed: the subtotal before GST is now ${price.subtotal_in_cents} cents, not the ${shownCents} cents shown`,
      [{ path: 'expected_subtotal_in_cents', message: 'the price has changed since it was shown' }],
    );
  }

  override body(): ApiErrorBody {
    return { ...super.body(), price_changed: this.price };
  }
}

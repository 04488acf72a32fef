import type { ApiErrorBody } from '../../src/lib/api-contract';

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

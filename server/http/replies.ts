// The answer envelope of DESIGN §3 (src/contract/api/envelope.ts): `{ data }` on success,
// `{ error_code, error_message }` on failure, where error_message is the Chinese text the user
// reads. A route the app calls answers through `answer`, which types its data against the
// route's entry in the contract (src/contract/api/routes.ts).
import type { ErrorCode, Failure, Success } from '../../src/contract/api/envelope';
import type { AnswerData, Route } from '../../src/contract/api/route';

export type { Failure };

export function ok<T>(data: T): Success<T> {
  return { data };
}

/**
 * The success envelope of a route of the contract: `data` must have the shape the client's schema
 * reads (a field renamed or missing does not compile). It may carry more than the client reads
 * (the client's schemas drop unknown fields), hence the type parameter rather than a plain
 * parameter type, which would refuse any extra field of an object literal.
 */
export function answer<R extends Route, D extends AnswerData<R>>(_route: R, data: D): Success<D> {
  return { data };
}

/** A row the handler has just written: null there is a fault, not an answer. */
export function written<T>(row: T | null | undefined, what: string): T {
  if (row === null || row === undefined) throw new Error(`${what}: not found after the write`);
  return row;
}

export function failure(errorCode: ErrorCode, errorMessage: string): Failure {
  return { error_code: errorCode, error_message: errorMessage };
}

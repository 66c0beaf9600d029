// The answer envelope of DESIGN §3: `{ data }` on success, `{ error_code, error_message }` on
// failure, where error_message is the Chinese text the user reads.

export type Failure = { error_code: string; error_message: string };

export function ok<T>(data: T): { data: T } {
  return { data };
}

export function failure(errorCode: string, errorMessage: string): Failure {
  return { error_code: errorCode, error_message: errorMessage };
}

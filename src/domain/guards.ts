// The one structural guard every runtime uses before reading an untrusted value's fields (a
// feed page, a worker or tab message, a live frame, a NOTIFY payload, a request body). It lives in
// the domain because that is the only folder the page, the worker, the service worker and the
// server all share.

/** A plain object whose fields can be read (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

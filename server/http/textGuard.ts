// Text that PostgreSQL cannot store or that is not text at all (security review L12): a NUL
// character, or half of a UTF-16 surrogate pair. One hook for every route refuses it in the path,
// the query string and a parsed body (JSON or form) with a 400 naming the field, before a route
// runs, instead of the database's encoding error becoming a 500. Bodies a route reads itself
// (uploads, the identity provider's raw requests) are not parsed here and are left to that route;
// an upload's file name is checked in uploadRules.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { HttpError } from './httpError';

/** Whether the string holds a NUL or a lone surrogate. A loop over code units: linear. */
export function isInvalidText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

export function invalidText(field: string): HttpError {
  const message = field
    ? `${COMMON_MESSAGES.INVALID_TEXT}：${field}`
    : COMMON_MESSAGES.INVALID_TEXT;
  return new HttpError(400, 'INVALID_TEXT', message);
}

/** Arrays and plain objects: JSON's, and the query parser's (whose prototype has no prototype). */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The path (`a.b.0`) of the first string or key holding invalid text in a parsed value, or null.
 * Walks with its own stack: a deeply nested JSON body cannot overflow the call stack.
 */
export function findInvalidText(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isInvalidText(current)) return path;
    } else if (isPlainContainer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (isInvalidText(key)) return itemPath;
        stack.push([item, itemPath]);
      }
    }
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  for (const value of [request.params, request.query, request.body]) {
    const field = findInvalidText(value, '');
    if (field !== null) throw invalidText(field);
  }
}

/** Registers the check for every route added after it (call it before the routes). */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequest(request));
}

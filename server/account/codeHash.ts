// Hashes of one-time codes (SMS and image codes): a random salt and SHA-256, compared in constant
// time. A code lives minutes and allows a few tries, so a slow hash would only slow the server.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`, 'utf8').digest('base64url');

export function hashCode(code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}$${digest(salt, code)}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, code));
  const wanted = Buffer.from(expected);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

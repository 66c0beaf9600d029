// Password hashes for the embedded provider's accounts: Node's scrypt, stored as
// `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without breaking old hashes.
// The cost is OWASP's current scrypt guidance (N = 2^17, r = 8, p = 1): 128 MiB and ~0.4 s per
// hash here, so at most two run at once (the rest wait in line) to bound the memory they take.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export const SCRYPT_COST = { N: 131_072, r: 8, p: 1 } as const;
const COST = SCRYPT_COST;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// scrypt needs 128·N·r bytes plus a little: room for the current cost and no more (Node refuses
// beyond maxmem), so a corrupt or hostile row cannot make one sign-in take more.
const MAX_COST_BYTES = 128 * COST.N * COST.r;
const MAX_MEMORY = MAX_COST_BYTES + 16 * 1024 * 1024;
const CONCURRENT_HASHES = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function inLine<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays the same), else it is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return inLine(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(
          password.normalize('NFC'),
          salt,
          length,
          { ...options, maxmem: MAX_MEMORY },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  // Bounds keep a corrupt or hostile row from making one sign-in burn a gigabyte of memory.
  const sane =
    N !== undefined &&
    r !== undefined &&
    p !== undefined &&
    Number.isInteger(N) &&
    N >= 2 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 16 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 4 &&
    128 * N * r <= MAX_COST_BYTES &&
    salt.length >= 8 &&
    key.length >= 16 &&
    key.length <= 128;
  return sane ? { N, r, p, salt, key } : null;
}

/** True when `password` matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await derive(password, salt, key.length, { N, r, p });
  return candidate.length === key.length && timingSafeEqual(candidate, key);
}

/** True for a hash made at a lower cost than today's (or unreadable): replace it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < COST.N || parsed.r < COST.r || parsed.p < COST.p;
}

// Password hashes for the embedded provider's accounts: Node's scrypt, stored as
// `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without breaking old hashes.
// The cost is OWASP's current scrypt guidance (N = 2^17, r = 8, p = 1): 128 MiB and ~0.4 s per
// hash here, so at most two run at once (a few more wait in line, the rest are refused as busy) to
// bound the memory they take and how long a sign-in can wait.
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
/** Hashes that may wait for a slot (a few seconds of work); more are refused at once. */
export const MAX_WAITING_HASHES = 2 * CONCURRENT_HASHES + 4;
/** What a refused caller tells its client to wait: about the time the line takes to move on. */
export const HASH_RETRY_AFTER_SECONDS = 2;

/** The line of password hashes is full: answer "busy, retry" (429/503 with Retry-After). */
export class PasswordHashBusy extends Error {
  readonly retryAfterSeconds = HASH_RETRY_AFTER_SECONDS;
  constructor() {
    super('password hashing is busy');
    this.name = 'PasswordHashBusy';
  }
}

/**
 * At most `concurrency` jobs at once and `maxWaiting` waiting (security review follow-up #2): an
 * unbounded line let one client stall every sign-in behind its own requests.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new PasswordHashBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (running stays the same), else it is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The process's one line of password hashes (exported so tests can hold it full). */
export const passwordHashQueue = new HashQueue(CONCURRENT_HASHES, MAX_WAITING_HASHES);

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return passwordHashQueue.run(
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

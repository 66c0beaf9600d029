// What one client may cost the live channel (security review L6): open sockets per address (a
// tight cap on the ones not signed in yet, a loose one on all, since many real users may share an
// address behind a carrier-grade or office NAT: review #12) and per account, and a token bucket per account for the frames that
// cost a token check plus database queries (`subscribe` costs 1, `connect` 1 plus the topics it
// re-checks). A full re-subscribe after a reconnect always fits in the bucket; a client that
// keeps reconnecting and re-subscribing runs it dry and is refused until it refills.
export type LiveLimitSettings = {
  /** Sockets one address may hold open, signed in or not (request.ip, as TRUST_PROXY reads it). */
  maxSocketsPerAddress: number;
  /** Of those, sockets that have not signed in (sent a good `connect`) yet. */
  maxUnsignedSocketsPerAddress: number;
  /** Signed-in sockets of one account. */
  maxSocketsPerAccount: number;
  /** Bucket size: subscribes (and re-checks) an account may send at once. */
  subscribeBurst: number;
  /** Bucket refill per second. */
  subscribesPerSecond: number;
};

export const LIVE_LIMITS: LiveLimitSettings = {
  maxSocketsPerAddress: 500,
  maxUnsignedSocketsPerAddress: 50,
  maxSocketsPerAccount: 10,
  subscribeBurst: 500,
  subscribesPerSecond: 10,
};

type Bucket = { tokens: number; at: number };

// Buckets of accounts with no socket left are kept until they are full again (forgetting them at
// once would hand a reconnecting client a fresh bucket); swept when there are this many, at most
// once a minute (a sweep walks every bucket).
const SWEEP_AT = 1_000;
const SWEEP_EVERY_MS = 60_000;

export class LiveLimits {
  private readonly addresses = new Map<string, number>();
  /** Sockets of each address that have not signed in yet. */
  private readonly unsigned = new Map<string, number>();
  /** The address (key) of each open socket, and whether it is still unsigned. */
  private readonly addressOf = new Map<object, { key: string; unsigned: boolean }>();
  private readonly accounts = new Map<number, Set<object>>();
  private readonly accountOf = new Map<object, number>();
  private readonly buckets = new Map<number, Bucket>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly settings: LiveLimitSettings = LIVE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Accounts whose subscribe budget is remembered (diagnostics, tests). */
  get budgetCount(): number {
    return this.buckets.size;
  }

  /**
   * Counts the new `socket` of `address` as not signed in; false (nothing counted) when the
   * address is at either cap.
   */
  openFrom(address: string, socket: object): boolean {
    const key = address; // already the per-address key (socket.ts addressKey)
    const open = this.addresses.get(key) ?? 0;
    const waiting = this.unsigned.get(key) ?? 0;
    if (open >= this.settings.maxSocketsPerAddress) return false;
    if (waiting >= this.settings.maxUnsignedSocketsPerAddress) return false;
    this.addresses.set(key, open + 1);
    this.unsigned.set(key, waiting + 1);
    this.addressOf.set(socket, { key, unsigned: true });
    return true;
  }

  /** Sockets open from the address of `socket`, itself included (0 when it is not counted). */
  openBeside(socket: object): number {
    const counted = this.addressOf.get(socket);
    return counted ? (this.addresses.get(counted.key) ?? 0) : 0;
  }

  /** Forgets a socket counted by `openFrom` (and signs it out). */
  closed(socket: object): void {
    this.signOut(socket);
    const counted = this.addressOf.get(socket);
    if (!counted) return;
    this.addressOf.delete(socket);
    if (counted.unsigned) this.countUnsigned(counted.key, -1);
    const open = (this.addresses.get(counted.key) ?? 1) - 1;
    if (open > 0) this.addresses.set(counted.key, open);
    else this.addresses.delete(counted.key);
  }

  private countUnsigned(key: string, change: number): void {
    const waiting = (this.unsigned.get(key) ?? 0) + change;
    if (waiting > 0) this.unsigned.set(key, waiting);
    else this.unsigned.delete(key);
  }

  /**
   * Counts `socket` as signed in to `accountId` (moving it from another account if it was); false
   * when the account already has its cap of other sockets.
   */
  signIn(socket: object, accountId: number): boolean {
    if (this.accountOf.get(socket) === accountId) return true;
    const sockets = this.accounts.get(accountId) ?? new Set<object>();
    if (sockets.size >= this.settings.maxSocketsPerAccount) return false;
    this.signOut(socket);
    sockets.add(socket);
    this.accounts.set(accountId, sockets);
    this.accountOf.set(socket, accountId);
    // Signed in: it now counts only against its address's loose cap.
    const counted = this.addressOf.get(socket);
    if (counted?.unsigned) {
      counted.unsigned = false;
      this.countUnsigned(counted.key, -1);
    }
    return true;
  }

  signOut(socket: object): void {
    const accountId = this.accountOf.get(socket);
    if (accountId === undefined) return;
    this.accountOf.delete(socket);
    const sockets = this.accounts.get(accountId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.accounts.delete(accountId);
  }

  /** Takes `cost` from the account's bucket; false (nothing taken) when it has not that much. */
  spend(accountId: number, cost: number): boolean {
    const now = this.now();
    const { subscribeBurst: burst, subscribesPerSecond: rate } = this.settings;
    const bucket = this.buckets.get(accountId) ?? { tokens: burst, at: now };
    const tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    if (this.buckets.size >= SWEEP_AT && now - this.sweptAt >= SWEEP_EVERY_MS) this.sweep(now);
    if (tokens < Math.min(cost, burst)) {
      this.buckets.set(accountId, { tokens, at: now });
      return false;
    }
    this.buckets.set(accountId, { tokens: tokens - Math.min(cost, burst), at: now });
    return true;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    const { subscribeBurst: burst, subscribesPerSecond: rate } = this.settings;
    for (const [accountId, bucket] of this.buckets) {
      const full = bucket.tokens + ((now - bucket.at) / 1000) * rate >= burst;
      if (full && !this.accounts.has(accountId)) this.buckets.delete(accountId);
    }
  }
}

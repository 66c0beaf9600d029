// What one client may cost the live channel (security review L6): open sockets per address (any
// socket, signed in or not) and per account, and a token bucket per account for the frames that
// cost a token check plus database queries (`subscribe` costs 1, `connect` 1 plus the topics it
// re-checks). A full re-subscribe after a reconnect always fits in the bucket; a client that
// keeps reconnecting and re-subscribing runs it dry and is refused until it refills.
export type LiveLimitSettings = {
  /** Sockets one address may hold open (request.ip, which honours TRUST_PROXY). */
  maxSocketsPerAddress: number;
  /** Signed-in sockets of one account. */
  maxSocketsPerAccount: number;
  /** Bucket size: subscribes (and re-checks) an account may send at once. */
  subscribeBurst: number;
  /** Bucket refill per second. */
  subscribesPerSecond: number;
};

export const LIVE_LIMITS: LiveLimitSettings = {
  maxSocketsPerAddress: 50,
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

  /** Counts a new socket of `address`; false (nothing counted) when the address is at its cap. */
  openFrom(address: string): boolean {
    const open = this.addresses.get(address) ?? 0;
    if (open >= this.settings.maxSocketsPerAddress) return false;
    this.addresses.set(address, open + 1);
    return true;
  }

  closedFrom(address: string): void {
    const open = (this.addresses.get(address) ?? 1) - 1;
    if (open > 0) this.addresses.set(address, open);
    else this.addresses.delete(address);
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

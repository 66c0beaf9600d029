// Every PostgreSQL advisory lock key the server takes, in one table so that two uses never share
// a key by accident (a session lock held by one would stall the other everywhere). One-key locks
// (`pg_advisory_lock(bigint)`) and two-key locks (`pg_advisory_lock(int, int)`, the second key a
// hash) are separate key spaces in PostgreSQL; the two-key ones are marked.
export const ADVISORY_LOCKS = {
  /** Session lock while migrations run (db/database.ts). */
  migrations: 7_301_001,
  /** The write lock of every synced write, shared or alone (sync/write.ts). */
  syncWrite: 7_301_002,
  /** Session lock of the one process that runs the supplier simulator (demo/sim/runner.ts). */
  simulator: 7_301_003,
  /** From a feed write to its commit: feed versions commit in order (sync/changeSet.ts). */
  feedOrder: 7_301_004,
  /** Two-key, with hashtext(username): sign-in attempts counted in turn (idp/loginLimit.ts). */
  signInUsername: 7_301_101,
  /** Two-key, with hashtext(address): as above, per address. */
  signInAddress: 7_301_102,
} as const;

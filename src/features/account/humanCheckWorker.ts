// The registration's human check, solved off the main thread (security review M11): hashes its
// way to the counter that yields the challenge's key prefix (altcha-lib, SHA-256 through Web
// Crypto: no eval, nothing fetched). The counter is the "image code" answer the server checks.
import { type ChallengeParameters, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { expose } from 'comlink';

/** Gives up after this long (the challenge lives 5 minutes; a phone needs about a second). */
const SOLVE_TIMEOUT_MS = 60_000;

const api = {
  async solve(parameters: ChallengeParameters): Promise<string | null> {
    const solution = await solveChallenge({
      challenge: { parameters },
      deriveKey,
      timeout: SOLVE_TIMEOUT_MS,
    });
    return solution ? String(solution.counter) : null;
  },
};

export type HumanCheckApi = typeof api;

expose(api);

// The page's handle on the human-check worker: started on first use, one for the page's life.
import type { ChallengeParameters } from 'altcha-lib';
import { type Remote, wrap } from 'comlink';
import type { HumanCheckApi } from './humanCheckWorker';

let solver: Remote<HumanCheckApi> | null = null;

/** The challenge's answer (a counter), or null when it could not be found in time. */
export function solveHumanCheck(parameters: ChallengeParameters): Promise<string | null> {
  solver ??= wrap<HumanCheckApi>(
    new Worker(new URL('./humanCheckWorker.ts', import.meta.url), { type: 'module' }),
  );
  return solver.solve(parameters);
}
